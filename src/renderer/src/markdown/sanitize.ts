/**
 * The second line of defence for anything rendered from notes or model output. markdown-it already runs with
 * `html: false` and rejects `javascript:` links, but notes are untrusted input and the model can echo them, so
 * every HTML string goes through DOMPurify with a tighter policy before it reaches innerHTML.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const URL_ATTRS = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background']);
// Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`), so the check must too.
const DANGEROUS_SCHEME = /^(?:javascript|vbscript|data):/i;
const EXTERNAL_SCHEME = /^(?:https?|mailto|obsidian):/i;

export function isDangerousUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return DANGEROUS_SCHEME.test(value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, ''));
}

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  // A private instance, so these hooks never leak into (or get removed by) other DOMPurify users.
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (name.startsWith('on')) data.keepAttr = false;
    else if (URL_ATTRS.has(name) && isDangerousUrl(data.attrValue)) data.keepAttr = false;
  });
  purifier = p;
  return p;
}

const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'link',
  'meta',
  'base',
  'svg',
  'math',
];
const FORBIDDEN_ATTRS = ['style', 'srcdoc'];

/**
 * Re-checks the policy on the final markup. DOMPurify hands its input back untouched when it deems the DOM
 * unsupported, and its node walk relies on NodeIterator removal semantics that not every DOM implements; this
 * pass is a plain static walk, so the guarantee does not hinge on either.
 */
function enforcePolicy(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    if (FORBIDDEN_TAGS.includes(el.localName.toLowerCase())) {
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (
        name.startsWith('on') ||
        FORBIDDEN_ATTRS.includes(name) ||
        (URL_ATTRS.has(name) && isDangerousUrl(attr.value))
      ) {
        el.removeAttribute(attr.name);
      }
    }
    // Real navigation must leave the app: Electron routes new windows to the OS browser and blocks in-page
    // navigation, and in a browser tab the app keeps its state.
    if (el.localName === 'a' && EXTERNAL_SCHEME.test(el.getAttribute('href') ?? '')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return template.innerHTML;
}

export function sanitizeHtml(html: string): string {
  const purified = getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRS,
    ALLOW_DATA_ATTR: true,
    ALLOW_ARIA_ATTR: true,
  });
  return enforcePolicy(purified);
}
