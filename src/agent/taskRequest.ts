/**
 * Questions that ask for the person's tasks ("what's on my todo list", "what do I still need to do for the Lisbon
 * trip", "which tasks did I finish", "¿qué tareas tengo pendientes?", "やることリストを見せて"). Search answers them
 * badly: a task is a short list item, and the best sentence of the best note is one task, or a sentence near the
 * tasks. They are read from the notes' checkboxes instead (taskList.ts). Recognised in every phrase language;
 * a how-to question about tasks ("how do I make a checklist?") is not a request for the person's own.
 */
import { questionLanguage, PHRASE_LANGUAGES, type PhraseLanguage } from './language.js';
import { WORD_CHAR } from '../text/wordCharacters.js';

export type TaskWanted = 'open' | 'done';

export interface TaskRequest {
  wanted: TaskWanted;
  /** What the tasks should be about ("Lisbon trip", "Tom"): the question without its task words; '' for all. */
  topic: string;
  /** The language whose words were recognised, for the answer's fixed texts. */
  lang: PhraseLanguage;
  /** Only tasks whose due date has passed ("what's overdue?"); absent otherwise. */
  overdue?: true;
}

/** Tasks past their due date, in any phrase language. */
const OVERDUE =
  /(?<![\p{L}])(?:overdue|past due|late|vencid[ao]s|atrasad[ao]s|überfällig\p{L}*|en retard|in ritardo|scadut[ie]|achterstallig\p{L}*|просроченн\p{L}*)(?![\p{L}])|期限切れ|期限を過ぎ|逾期|过期|過期|기한이?\s?지난|기한\s?초과/iu;

interface TaskWords {
  /** A request for the person's tasks. */
  asks: RegExp;
  /** A request for finished tasks rather than open ones. */
  finished: RegExp;
  /** A question about how tasks work, not about the person's own. */
  howTo: RegExp;
  /**
   * Words of a task request that say nothing about its topic ("still", "left", "show me"): whole words in a language
   * that spaces its words (tokenFiller), anywhere in one that does not (Japanese, Chinese) or that writes particles
   * onto its words (Korean).
   */
  filler: RegExp;
  /** The answer's first line. */
  heading: (count: number, wanted: TaskWanted) => string;
  /** The line after a list cut short. */
  more: (count: number) => string;
}

/** A pattern matched as whole words in any script (\b only knows ASCII letters: "à faire", "tâches"). */
const words = (source: string) => new RegExp(`(?<![${WORD_CHAR}])(?:${source})(?![${WORD_CHAR}])`, 'iu');
/** Filler words of a spaced language, matched against one word of the question at a time. */
const tokenFiller = (source: string) => new RegExp(`^(?:${source})$`, 'iu');

const TASK_WORDS: Record<PhraseLanguage, TaskWords> = {
  en: {
    asks: words(
      "(?:my|open|unfinished|pending|outstanding|remaining|overdue|incomplete|unchecked|finished|completed|done|closed|ticked off|checked off)\\s+(?:#?[\\p{L}\\p{N}/_-]+\\s+){0,2}(?:tasks?|to-?dos?|to-do items?|todo items?|action items?|checklist items?)|to-?do ?lists?|to-dos|(?:what|which|any)\\s+tasks?|tasks?\\s+(?:are|were|do i have|i have|i've|left|still|due|remaining)|^\\s*what (?:do|should|must) i (?:still )?(?:need|have|got) to (?:do|get done)|^\\s*what(?:'s| is) (?:left|still) to do|^\\s*what(?:'s| is) (?:still )?(?:open|pending|outstanding|due|overdue)|^\\s*(?:is )?anything (?:still )?(?:due|overdue)",
    ),
    finished: words(
      "finished|completed|closed|ticked off|checked off|done (?:tasks?|to-?dos?)|(?:tasks?|to-?dos?) (?:are |were |i(?:'ve| have) )?done|did i (?:finish|complete|do|tick off|check off)",
    ),
    howTo: words(
      '(?:how|can|could) (?:do|can|could|should|would|to|i|you)\\b.*|(?:create|add|make|format|write|insert|type|nest|mark|style|render|query|sort) (?:a |an |the |my )?(?:new )?(?:tasks?|to-?dos?|checkbox(?:es)?|checklists?)',
    ),
    filler: tokenFiller(
      "what(?:'s)?|which|is|are|was|were|on|in|of|my|the|a|an|list|lists|show|me|give|tell|all|any|still|left|open|unfinished|pending|outstanding|remaining|overdue|incomplete|unchecked|finished|finish|completed|complete|done|closed|ticked|tick|checked|check|off|do|does|did|i|i've|have|has|had|need|needs|got|get|to|tasks?|to-?dos?|to-do|todo|items?|checklists?|action|there|for|about|regarding|related|tagged|with|tag|due|should|must|now|currently|yet|please|can|you|could|would|anything",
    ),
    heading: (n, w) => `${w === 'done' ? 'Finished' : 'Open'} tasks in your notes (${n}):`,
    more: (n) => `…and ${n} more.`,
  },
  ja: {
    asks: /タスク|やること|やるべきこと|すべきこと|するべきこと|(?<![A-Za-z])(?:TODO|ToDo)(?![a-z])|未完了|残っている作業|残りの作業/u,
    finished: /完了した|終わった|済んだ|済み|終えた/u,
    howTo: /作り方|作る(?:には|方法)|書き方|方法|どうやって|どうすれば|には[？?]?$|とは[？?]?$/u,
    filler:
      /タスク|やること|やるべきこと|すべきこと|するべきこと|TODO|ToDo|未完了|残っている|残りの|作業|リスト|一覧|全部|すべて|まだ|完了した|終わった|済んだ|済み|終えた|見せて|教えて|ください|は|を|の|に|で|が|と|も|？|\?|って|何|なに|ある|あります|ですか|か/gu,
    heading: (n, w) => `ノートの中の${w === 'done' ? '完了した' : '未完了の'}タスク（${n}件）：`,
    more: (n) => `ほか${n}件。`,
  },
  zh: {
    asks: /待办|待辦|任务清单|任務清單|我的任务|我的任務|未完成的任务|未完成的任務|要做的事|还要做什么|還要做什麼|该做什么|該做什麼|完成了哪些任务|完成了哪些任務/u,
    finished: /已完成|完成了|做完|做好了/u,
    howTo: /如何|怎么|怎麼|怎样|怎樣|方法/u,
    filler:
      /待办事项|待辦事項|待办|待辦|任务清单|任務清單|任务|任務|未完成的|要做的事|还要|還要|做什么|做什麼|该|該|已完成|完成了|做完|我的|我|哪些|有|还有|還有|什么|什麼|吗|嗎|的|了|？|\?|列出|显示|顯示|所有|全部|关于|關於/gu,
    heading: (n, w) => `笔记中${w === 'done' ? '已完成' : '未完成'}的任务（${n}项）：`,
    more: (n) => `还有${n}项。`,
  },
  es: {
    asks: words(
      '(?:mis|las) (?:tareas|pendientes)|tareas (?:pendientes|abiertas|sin hacer|por hacer|terminadas|completadas|hechas|que tengo)|qu[eé] tareas|^\\s*¿?qu[eé] (?:me )?(?:tengo|queda|falta) (?:que |por )?hacer|lista de (?:tareas|pendientes)',
    ),
    finished: words('terminad[oa]s|completad[oa]s|hech[oa]s|acabad[oa]s|termin[eé]|complet[eé]'),
    howTo: words('c[oó]mo|(?:crear|añadir|agregar|hacer|marcar) (?:una |las )?(?:tareas?|casillas?)'),
    filler: tokenFiller(
      'qu[eé]|cu[aá]les|mis|las|los|la|el|de|del|en|tengo|tareas?|pendientes?|abiertas|sin|hacer|por|terminadas|completadas|hechas|acabadas|termin[eé]|complet[eé]|que|me|queda|quedan|falta|faltan|todav[ií]a|a[uú]n|lista|muestra|mu[eé]strame|dime|para|sobre|con|etiqueta|todas',
    ),
    heading: (n, w) => `Tareas ${w === 'done' ? 'terminadas' : 'pendientes'} en tus notas (${n}):`,
    more: (n) => `…y ${n} más.`,
  },
  de: {
    asks: words(
      '(?:meine|offenen?|unerledigten?|erledigten?|anstehenden?) (?:Aufgaben|To-?dos?)|(?:To-?do|Aufgaben)-?[Ll]isten?|welche Aufgaben|^\\s*was (?:muss|sollte|soll) ich noch (?:erledigen|tun|machen)|^\\s*was muss ich erledigen|^\\s*was ist noch (?:offen|zu tun)',
    ),
    finished: words('erledigten?|abgeschlossenen?|fertigen?|habe ich (?:erledigt|abgeschlossen|geschafft)'),
    howTo: words(
      'wie|(?:erstelle|erstellen|anlegen|hinzufügen|markieren) (?:eine |die )?(?:Aufgaben?|Checkbox(?:en)?)',
    ),
    filler: tokenFiller(
      'was|welche|sind|ist|meine|meinen|die|der|das|den|noch|offen|offenen?|unerledigten?|erledigten?|anstehenden?|Aufgaben|To-?dos?|Todo-Liste|Aufgabenliste|Liste|muss|sollte|soll|ich|erledigen|tun|machen|zu|für|zum|zur|über|mit|Tag|zeig|zeige|mir|alle|habe|erledigt|abgeschlossen|geschafft',
    ),
    heading: (n, w) => `${w === 'done' ? 'Erledigte' : 'Offene'} Aufgaben in deinen Notizen (${n}):`,
    more: (n) => `…und ${n} weitere.`,
  },
  fr: {
    asks: words(
      "(?:mes|les) (?:tâches|to-?dos?)|tâches (?:en cours|à faire|ouvertes|restantes|en attente|terminées|faites|accomplies)|quelles tâches|liste de tâches|qu(?:'|’)(?:est-ce qu(?:'|’))?il (?:me )?reste à faire|que (?:dois|me reste)-je (?:encore )?(?:faire|à faire)|que me reste-t-il à faire",
    ),
    finished: words('terminées|faites|accomplies|achevées|ai-je (?:terminé|fait|accompli)'),
    howTo: words('comment|(?:créer|ajouter|faire|cocher) (?:une |des |les )?(?:tâches?|cases?)'),
    filler: tokenFiller(
      'quelles?|quels?|sont|est|mes|les|la|le|de|des|du|en|cours|à|faire|ouvertes|restantes|attente|terminées|faites|accomplies|achevées|tâches?|to-?dos?|liste|qu|est-ce|il|me|reste|reste-t-il|me reste|dois-je|je|encore|pour|sur|avec|étiquette|montre|montre-moi|moi|toutes|ai-je|terminé|fait|accompli',
    ),
    heading: (n, w) => `Tâches ${w === 'done' ? 'terminées' : 'en cours'} dans tes notes (${n}) :`,
    more: (n) => `…et ${n} de plus.`,
  },
  pt: {
    asks: words(
      '(?:minhas|as) tarefas|tarefas (?:pendentes|abertas|por fazer|concluídas|feitas)|quais tarefas|^\\s*o que (?:eu )?(?:ainda )?(?:tenho|preciso) (?:que |de )?fazer|lista de tarefas',
    ),
    finished: words('concluídas|feitas|terminadas|acabadas|conclu[ií]|terminei'),
    howTo: words('como|(?:criar|adicionar|fazer|marcar) (?:uma |as )?(?:tarefas?|caixas?)'),
    filler: tokenFiller(
      'quais|minhas|as|os|a|o|de|da|do|em|tarefas?|pendentes|abertas|por|fazer|concluídas|feitas|terminadas|acabadas|que|eu|ainda|tenho|preciso|lista|para|sobre|com|mostre|mostra|me|todas',
    ),
    heading: (n, w) => `Tarefas ${w === 'done' ? 'concluídas' : 'pendentes'} nas suas notas (${n}):`,
    more: (n) => `…e mais ${n}.`,
  },
  it: {
    asks: words(
      '(?:i miei|le mie) (?:compiti|attività|cose da fare)|cose da fare|attività (?:aperte|da fare|in sospeso|completate|fatte)|quali attività|^\\s*cosa (?:devo|mi resta da) (?:ancora )?fare|lista delle cose da fare',
    ),
    finished: words('completate|fatte|finite|concluse|ho (?:completato|finito|fatto)'),
    howTo: words('come|(?:creare|aggiungere|fare|spuntare) (?:un[ao]? |le )?(?:attività|caselle?)'),
    filler: tokenFiller(
      'quali|i|le|miei|mie|compiti|attività|cose|da|fare|aperte|in|sospeso|completate|fatte|finite|concluse|cosa|devo|mi|resta|ancora|lista|delle|per|su|con|mostrami|tutte|ho|completato|finito|fatto',
    ),
    heading: (n, w) => `Attività ${w === 'done' ? 'completate' : 'da fare'} nelle tue note (${n}):`,
    more: (n) => `…e altre ${n}.`,
  },
  nl: {
    asks: words(
      'mijn (?:taken|to-?dos?)|(?:open(?:staande)?|afgeronde|voltooide) taken|welke taken|^\\s*wat moet ik nog doen|takenlijst|to-?do-?lijst',
    ),
    finished: words('afgeronde|voltooide|gedane|heb ik (?:afgerond|voltooid|gedaan)'),
    howTo: words('hoe|(?:maak|maken|toevoegen|afvinken) (?:een |de )?(?:taak|taken|selectievakje)'),
    filler: tokenFiller(
      'wat|welke|zijn|is|mijn|de|het|een|open|openstaande|afgeronde|voltooide|gedane|taken|to-?dos?|takenlijst|lijst|moet|ik|nog|doen|voor|over|met|laat|zien|alle|heb|afgerond|voltooid|gedaan',
    ),
    heading: (n, w) => `${w === 'done' ? 'Afgeronde' : 'Openstaande'} taken in je notities (${n}):`,
    more: (n) => `…en nog ${n}.`,
  },
  ko: {
    asks: /할\s?일|해야\s?할\s?(?:것|일)|작업\s?목록|미완료|투두|완료한\s?(?:일|작업)/u,
    finished: /완료한|끝낸|마친|다\s?한/u,
    howTo: /어떻게|방법|만드(?:는|려면)|만들기/u,
    filler:
      /할\s?일|해야\s?할\s?(?:것|일)|작업\s?목록|작업|목록|미완료|투두|완료한|끝낸|마친|남은|아직|내|나의|제|뭐야|뭐가|무엇|있어|있나요|있어요|보여줘|보여\s?주세요|알려줘|알려\s?주세요|은|는|이|가|을|를|의|에|\?|？/gu,
    heading: (n, w) => `노트의 ${w === 'done' ? '완료한' : '남은'} 할 일 (${n}개):`,
    more: (n) => `외 ${n}개.`,
  },
  ru: {
    asks: words(
      'мои задачи|список (?:дел|задач)|(?:открытые|незаверш[её]нные|невыполненные|выполненные|завершённые|завершенные) задачи|какие задачи|^\\s*что мне (?:ещё |еще )?(?:нужно|надо) сделать',
    ),
    finished: words('выполненные|завершённые|завершенные|сделанные|я (?:выполнил|сделал|закончил)'),
    howTo: words('как'),
    filler: tokenFiller(
      'мои|какие|задачи|список|дел|задач|открытые|незаверш[её]нные|невыполненные|выполненные|завершённые|завершенные|сделанные|что|мне|ещё|еще|нужно|надо|сделать|для|про|о|с|покажи|все|я|выполнил|сделал|закончил',
    ),
    heading: (n, w) => `${w === 'done' ? 'Выполненные' : 'Открытые'} задачи в заметках (${n}):`,
    more: (n) => `…и ещё ${n}.`,
  },
  uk: {
    asks: words(
      'мої завдання|список (?:справ|завдань)|(?:відкриті|незавершені|невиконані|виконані|завершені) завдання|які завдання|^\\s*що мені (?:ще )?(?:треба|потрібно) зробити',
    ),
    finished: words('виконані|завершені|зроблені|я (?:виконав|виконала|зробив|зробила|завершив|завершила)'),
    howTo: words('як'),
    filler: tokenFiller(
      'мої|які|завдання|список|справ|завдань|відкриті|незавершені|невиконані|виконані|завершені|зроблені|що|мені|ще|треба|потрібно|зробити|для|про|з|покажи|всі|я|виконав|виконала|зробив|зробила|завершив|завершила',
    ),
    heading: (n, w) => `${w === 'done' ? 'Виконані' : 'Відкриті'} завдання у ваших нотатках (${n}):`,
    more: (n) => `…і ще ${n}.`,
  },
  pl: {
    asks: words(
      '(?:moje|otwarte|niezrobione|zaległe|zrobione|ukończone|wykonane) (?:zadania|to-?do)|lista (?:zadań|rzeczy do zrobienia)|jakie (?:mam )?zadania|^\\s*co (?:jeszcze )?(?:muszę|mam|powinienem|powinnam) (?:jeszcze )?zrobić',
    ),
    finished: words('zrobione|ukończone|wykonane|skończone|zrobiłem|zrobiłam|ukończyłem|ukończyłam'),
    howTo: words('jak|(?:utworzyć|dodać|zaznaczyć) (?:zadanie|zadania|pole wyboru|checkbox)'),
    filler: tokenFiller(
      'jakie|mam|moje|otwarte|niezrobione|zaległe|zrobione|ukończone|wykonane|skończone|zadania|to-?do|lista|zadań|rzeczy|do|zrobienia|co|jeszcze|muszę|powinienem|powinnam|zrobić|dla|na|o|w|z|pokaż|wszystkie|zrobiłem|zrobiłam|ukończyłem|ukończyłam|są|czy',
    ),
    heading: (n, w) => `${w === 'done' ? 'Zrobione' : 'Otwarte'} zadania w Twoich notatkach (${n}):`,
    more: (n) => `…i jeszcze ${n}.`,
  },
  cs: {
    asks: words(
      '(?:moje|otevřené|nedokončené|nesplněné|splněné|dokončené|hotové) (?:úkoly|to-?do)|seznam úkolů|jaké (?:mám )?úkoly|^\\s*co (?:ještě )?(?:musím|mám) (?:ještě )?udělat',
    ),
    finished: words(
      'splněné|dokončené|hotové|(?:udělal|udělala|dokončil|dokončila) jsem|jsem (?:udělal|udělala|dokončil|dokončila)',
    ),
    howTo: words('jak|(?:vytvořit|přidat|označit) (?:úkol|úkoly|zaškrtávací políčko)'),
    filler: tokenFiller(
      'jaké|mám|moje|otevřené|nedokončené|nesplněné|splněné|dokončené|hotové|úkoly|úkolů|to-?do|seznam|co|ještě|musím|udělat|pro|na|o|v|s|ukaž|všechny|jsem|udělal|udělala|dokončil|dokončila|jsou',
    ),
    heading: (n, w) => `${w === 'done' ? 'Hotové' : 'Otevřené'} úkoly ve tvých poznámkách (${n}):`,
    more: (n) => `…a ještě ${n}.`,
  },
  tr: {
    asks: words(
      'görevlerim|yapılacaklar(?: listem)?|yapılacak işlerim|(?:açık|bitmemiş|tamamlanan|tamamladığım) görevler|hangi görevler|^\\s*(?:daha )?ne yapmam (?:gerekiyor|lazım)',
    ),
    finished: words('tamamlanan|tamamladığım|bitirdiğim|bitmiş|yapılmış'),
    howTo: words('nasıl|(?:görev|onay kutusu) (?:oluştur|ekle)\\p{L}*'),
    filler: tokenFiller(
      'görevlerim|görevler|görevleri|yapılacaklar|yapılacak|listem|listesi|liste|işler|işlerim|açık|bitmemiş|tamamlanan|tamamladığım|bitirdiğim|bitmiş|yapılmış|hangi|neler|ne|nedir|daha|yapmam|gerekiyor|lazım|için|ile|hakkında|göster|tüm|benim|var|mı',
    ),
    heading: (n, w) => `Notlarındaki ${w === 'done' ? 'tamamlanan' : 'açık'} görevler (${n}):`,
    more: (n) => `…ve ${n} tane daha.`,
  },
  vi: {
    asks: words(
      'việc cần làm|danh sách (?:việc|công việc|nhiệm vụ)|nhiệm vụ của tôi|(?:việc|nhiệm vụ|công việc) (?:chưa|đã) (?:làm|xong|hoàn thành)',
    ),
    finished: words('đã (?:làm|xong|hoàn thành)'),
    howTo: words('làm sao|làm thế nào|như thế nào|cách (?:tạo|thêm|đánh dấu)'),
    filler: tokenFiller(
      'tôi|còn|những|các|việc|cần|làm|danh|sách|nhiệm|vụ|của|công|chưa|đã|xong|hoàn|thành|gì|nào|cho|xem|về|với|tất|cả|có|không|là',
    ),
    heading: (n, w) => `${w === 'done' ? 'Việc đã hoàn thành' : 'Việc cần làm'} trong ghi chú của bạn (${n}):`,
    more: (n) => `…và ${n} việc nữa.`,
  },
  id: {
    asks: words(
      'tugas(?: saya|ku)|daftar (?:tugas|yang harus dikerjakan)|tugas (?:yang )?(?:belum selesai|terbuka|tertunda|sudah selesai)|tugas apa|^\\s*apa (?:lagi )?yang (?:masih )?harus (?:saya )?(?:kerjakan|lakukan)',
    ),
    finished: words('sudah selesai|yang sudah saya (?:kerjakan|selesaikan)'),
    howTo: words('bagaimana|cara (?:membuat|menambah|menambahkan|mencentang)'),
    filler: tokenFiller(
      'tugas|saya|tugasku|daftar|yang|harus|dikerjakan|belum|selesai|terbuka|tertunda|sudah|apa|lagi|masih|kerjakan|lakukan|selesaikan|untuk|tentang|dengan|tampilkan|tunjukkan|semua|ada|di|ke',
    ),
    heading: (n, w) => `Tugas ${w === 'done' ? 'yang sudah selesai' : 'yang belum selesai'} di catatan Anda (${n}):`,
    more: (n) => `…dan ${n} lagi.`,
  },
  sv: {
    asks: words(
      '(?:mina|öppna|ogjorda|kvarvarande|avklarade|gjorda) (?:uppgifter|att göra)|att göra-lista|att-göra-lista|todo-lista|vilka uppgifter|^\\s*vad (?:behöver|måste|ska) jag (?:fortfarande )?göra',
    ),
    finished: words('avklarade|gjorda|färdiga|har jag (?:gjort|klarat|avslutat)'),
    howTo: words('hur|(?:skapa|lägga till|bocka av) (?:en )?(?:uppgift|uppgifter|kryssruta)'),
    filler: tokenFiller(
      'vilka|vad|är|mina|öppna|ogjorda|kvarvarande|avklarade|gjorda|färdiga|uppgifter|uppgift|att|göra|göra-lista|todo-lista|lista|behöver|måste|ska|jag|fortfarande|för|om|med|visa|alla|har|gjort|klarat|avslutat|inför',
    ),
    heading: (n, w) => `${w === 'done' ? 'Avklarade' : 'Öppna'} uppgifter i dina anteckningar (${n}):`,
    more: (n) => `…och ${n} till.`,
  },
  da: {
    asks: words(
      '(?:mine|åbne|ufærdige|færdige|afsluttede) (?:opgaver|to-?dos?)|to-?do-liste|opgaveliste|hvilke opgaver|^\\s*hvad (?:skal|mangler) jeg (?:stadig )?(?:at )?(?:gøre|lave)',
    ),
    finished: words('færdige|afsluttede|har jeg (?:lavet|gjort|afsluttet)'),
    howTo: words('hvordan|(?:opret|oprette|tilføje) (?:en )?(?:opgave|afkrydsningsfelt)'),
    filler: tokenFiller(
      'hvilke|hvad|er|mine|åbne|ufærdige|færdige|afsluttede|opgaver|opgave|to-?dos?|to-?do-liste|opgaveliste|liste|skal|mangler|jeg|stadig|at|gøre|lave|til|om|med|vis|alle|har|lavet|gjort|afsluttet|før',
    ),
    heading: (n, w) => `${w === 'done' ? 'Afsluttede' : 'Åbne'} opgaver i dine noter (${n}):`,
    more: (n) => `…og ${n} mere.`,
  },
  no: {
    asks: words(
      '(?:mine|åpne|uferdige|ferdige|fullførte) (?:oppgaver|gjøremål|to-?dos?)|gjøremålsliste|oppgaveliste|hvilke oppgaver|^\\s*hva (?:må|skal) jeg (?:fortsatt )?gjøre|^\\s*hva gjenstår',
    ),
    finished: words('ferdige|fullførte|har jeg (?:gjort|fullført)'),
    howTo: words('hvordan|(?:opprette|legge til) (?:en )?(?:oppgave|avkrysningsboks)'),
    filler: tokenFiller(
      'hvilke|hva|er|mine|åpne|uferdige|ferdige|fullførte|oppgaver|oppgave|gjøremål|to-?dos?|gjøremålsliste|oppgaveliste|liste|må|skal|gjenstår|jeg|fortsatt|å|gjøre|til|om|med|vis|alle|har|gjort|fullført|før',
    ),
    heading: (n, w) => `${w === 'done' ? 'Fullførte' : 'Åpne'} oppgaver i notatene dine (${n}):`,
    more: (n) => `…og ${n} til.`,
  },
  ro: {
    asks: words(
      'sarcinile mele|lista de (?:sarcini|lucruri de făcut)|sarcini(?:le)? (?:deschise|nefinalizate|rămase|finalizate|terminate|încheiate)|ce sarcini|^\\s*ce (?:mai )?(?:am|trebuie) de făcut|^\\s*ce (?:mai )?trebuie să fac',
    ),
    finished: words('finalizate|terminate|încheiate|am (?:terminat|finalizat|făcut)'),
    howTo: words('cum|(?:creez|creează|adaug|adaugă|bifez) (?:o )?(?:sarcină|sarcini|căsuță)'),
    filler: tokenFiller(
      'ce|care|sunt|sarcinile|sarcini|sarcină|mele|mea|lista|de|lucruri|făcut|deschise|nefinalizate|rămase|finalizate|terminate|încheiate|mai|am|trebuie|să|fac|pentru|despre|cu|arată|arată-mi|toate|terminat|finalizat',
    ),
    heading: (n, w) => `Sarcini ${w === 'done' ? 'finalizate' : 'deschise'} în notițele tale (${n}):`,
    more: (n) => `…și încă ${n}.`,
  },
  fi: {
    asks: words(
      'tehtäväni|tehtävälista\\p{L}*|(?:avoimet|keskeneräiset|tekemättömät|tehdyt|valmiit) tehtävät|mitä tehtäviä|^\\s*mitä (?:minun )?(?:pitää|täytyy) (?:vielä )?tehdä',
    ),
    finished: words('tehdyt|valmiit|tein|olen tehnyt'),
    howTo: words('miten|kuinka|(?:luoda|lisätä|merkitä) (?:tehtävä|tehtäviä|valintaruutu)'),
    filler: tokenFiller(
      'mitä|mitkä|ovat|minun|tehtäväni|tehtävät|tehtäviä|tehtävä|tehtävälista|tehtävälistani|avoimet|keskeneräiset|tekemättömät|tehdyt|valmiit|pitää|täytyy|vielä|tehdä|varten|näytä|kaikki|tein|olen|tehnyt|on',
    ),
    heading: (n, w) => `${w === 'done' ? 'Tehdyt' : 'Avoimet'} tehtävät muistiinpanoissasi (${n}):`,
    more: (n) => `…ja ${n} lisää.`,
  },
  hu: {
    asks: words(
      'feladataim|teendőim|teendőlist\\p{L}*|(?:nyitott|befejezetlen|elvégzett|befejezett) feladat\\p{L}*|milyen feladat\\p{L}*|^\\s*mit kell (?:még )?(?:megcsinálnom|elvégeznem|csinálnom)',
    ),
    finished: words('elvégzett|befejezett|megcsináltam|elvégeztem|befejeztem'),
    howTo: words('hogyan|(?:létrehoz|hozzáad|bejelöl)\\p{L}* (?:egy )?(?:feladat\\p{L}*|jelölőnégyzet\\p{L}*)'),
    filler: tokenFiller(
      'milyen|mik|a|az|feladataim|feladatok|feladatokat|feladat|teendőim|teendők|teendőlista|teendőlistám|nyitott|befejezetlen|elvégzett|befejezett|mit|kell|még|megcsinálnom|elvégeznem|csinálnom|mutasd|összes|megcsináltam|elvégeztem|befejeztem|vannak',
    ),
    heading: (n, w) => `${w === 'done' ? 'Elvégzett' : 'Nyitott'} feladatok a jegyzeteidben (${n}):`,
    more: (n) => `…és még ${n}.`,
  },
  hi: {
    asks: words(
      'मेरे (?:बाकी |अधूरे |पूरे |लंबित )?(?:काम|टास्क|कार्य)|(?:बाकी|अधूरे|लंबित|पूरे हुए|पूरे किए गए) (?:काम|टास्क|कार्य)|टू-?डू(?: लिस्ट| सूची)?|कार्य सूची|कौन से (?:काम|टास्क|कार्य)|^\\s*मुझे (?:अभी )?क्या (?:करना|करना बाकी) है',
    ),
    finished: words('पूरे हुए|पूरे किए|पूरा किया|कर लिए|हो गए|खत्म किए'),
    howTo: words('कैसे|(?:बनाएँ|बनाएं|जोड़ें|टिक करें) (?:एक )?(?:टास्क|कार्य|चेकबॉक्स)'),
    filler: tokenFiller(
      'मेरे|मेरी|मेरा|बाकी|अधूरे|लंबित|पूरे|हुए|किए|गए|काम|टास्क|कार्य|टू-डू|टूडू|लिस्ट|सूची|कौन|से|मुझे|अभी|क्या|करना|है|हैं|दिखाओ|दिखाइए|सभी|सब|के|की|का|लिए|में|बारे',
    ),
    heading: (n, w) => `आपके नोट्स में ${w === 'done' ? 'पूरे हुए' : 'बाकी'} कार्य (${n}):`,
    more: (n) => `…और ${n} और।`,
  },
  ar: {
    asks: words(
      'مهامي|(?:المهام|مهام) (?:المفتوحة|المتبقية|غير المنجزة|المنجزة|المكتملة)|قائمة (?:المهام|المهمات)|ما (?:هي )?المهام|^\\s*ماذا (?:بقي|تبقى|علي) (?:أن )?(?:أفعل|أعمل|أنجز)',
    ),
    finished: words('المنجزة|المكتملة|أنجزتها|أنهيتها|أكملتها'),
    howTo: words('كيف|(?:إنشاء|إضافة|تحديد) (?:مهمة|مهام|مربع اختيار)'),
    filler: tokenFiller(
      'ما|هي|ماذا|مهامي|المهام|مهام|مهمة|المفتوحة|المتبقية|غير|المنجزة|المكتملة|قائمة|المهمات|بقي|تبقى|علي|أن|أفعل|أعمل|أنجز|أنجزتها|أنهيتها|أكملتها|أرني|اعرض|كل|جميع|في|عن|من|لـ|لي',
    ),
    heading: (n, w) => `المهام ${w === 'done' ? 'المنجزة' : 'المفتوحة'} في ملاحظاتك (${n}):`,
    more: (n) => `…و${n} أخرى.`,
  },
  // Thai writes no spaces: the filler is cut out of the text, as in Japanese and Chinese.
  th: {
    asks: /งานของฉัน|งานที่(?:ยัง)?(?:ค้าง|ไม่เสร็จ|ต้องทำ|เหลือ|ทำเสร็จแล้ว|เสร็จแล้ว)|รายการ(?:งาน|สิ่ง)ที่ต้องทำ|สิ่งที่ต้องทำ|^\\s*(?:ฉัน)?(?:ยัง)?ต้องทำอะไร(?:อีก)?(?:บ้าง)?(?:ครับ|ค่ะ|คะ)?\\s*\\??\\s*$/u,
    finished: /เสร็จแล้ว|ทำเสร็จ|ทำไปแล้ว|เรียบร้อยแล้ว/u,
    howTo: /ยังไง|อย่างไร|วิธี/u,
    filler:
      /งานของฉัน|งานที่|ยัง|ค้าง|ไม่เสร็จ|ต้องทำ|เหลือ|ทำเสร็จแล้ว|เสร็จแล้ว|รายการ|สิ่งที่|มีงาน|อะไร|บ้าง|อีก|ทั้งหมด|แสดง|ของฉัน|ฉัน|งาน|เกี่ยวกับ|ใน|ที่|มี|ไหม|ครับ|ค่ะ|คะ|\?/gu,
    heading: (n, w) => `งานที่${w === 'done' ? 'เสร็จแล้ว' : 'ยังค้าง'}ในโน้ตของคุณ (${n} รายการ):`,
    more: (n) => `…และอีก ${n} รายการ`,
  },
  fa: {
    asks: words(
      'کارهای (?:من|باقی‌مانده|انجام‌نشده|انجام‌شده|مانده)|وظایف (?:من|باقی‌مانده|انجام‌شده)|فهرست کارها|لیست کارها|چه کارهایی|^\\s*(?:هنوز )?چه کاری (?:باید|مانده)',
    ),
    finished: words('انجام‌شده|انجام شده|تمام‌شده|تمام شده|انجام دادم|تمام کردم'),
    howTo: words('چطور|چگونه|(?:ساختن|اضافه کردن|تیک زدن) (?:یک )?(?:کار|وظیفه|چک‌باکس)'),
    filler: tokenFiller(
      'کارهای|کارها|کار|وظایف|وظیفه|من|باقی‌مانده|انجام‌نشده|انجام‌شده|مانده|فهرست|لیست|چه|کارهایی|هنوز|کاری|باید|انجام|شده|تمام|دادم|کردم|نشان|بده|همه|برای|در|را|از|هست|هستند',
    ),
    heading: (n, w) => `کارهای ${w === 'done' ? 'انجام‌شده' : 'باقی‌مانده'} در یادداشت‌هایت (${n}):`,
    more: (n) => `…و ${n} مورد دیگر.`,
  },
  he: {
    asks: words(
      'המשימות שלי|משימות (?:פתוחות|שנותרו|שלא בוצעו|שבוצעו|שהושלמו)|רשימת (?:המשימות|משימות|מטלות)|אילו משימות|^\\s*מה (?:עוד )?(?:נשאר לי|אני צריך|אני צריכה) לעשות',
    ),
    finished: words('שבוצעו|שהושלמו|שסיימתי|שעשיתי|גמורות'),
    howTo: words('איך|כיצד|(?:ליצור|להוסיף|לסמן) (?:משימה|משימות|תיבת סימון)'),
    filler: tokenFiller(
      'המשימות|משימות|משימה|שלי|פתוחות|שנותרו|שלא|בוצעו|שבוצעו|שהושלמו|רשימת|מטלות|אילו|מה|עוד|נשאר|לי|אני|צריך|צריכה|לעשות|שסיימתי|שעשיתי|גמורות|הראה|תראה|כל|על|של|ב|יש',
    ),
    heading: (n, w) => `משימות ${w === 'done' ? 'שהושלמו' : 'פתוחות'} בפתקים שלך (${n}):`,
    more: (n) => `…ועוד ${n}.`,
  },
  el: {
    asks: words(
      '(?:οι |τις )?(?:εργασίες|εκκρεμότητες) μου|(?:ανοιχτές|εκκρεμείς|ολοκληρωμένες|τελειωμένες) εργασίες|λίστα (?:εργασιών|υποχρεώσεων)|ποιες εργασίες|^\\s*τι (?:άλλο )?(?:πρέπει|μένει) να κάνω',
    ),
    finished: words('ολοκληρωμένες|τελειωμένες|ολοκλήρωσα|τελείωσα|έκανα'),
    howTo: words('πώς|(?:δημιουργ|προσθ|τσεκάρ)\\p{L}* (?:μια |μία )?(?:εργασία|εργασίες|πλαίσιο ελέγχου)'),
    filler: tokenFiller(
      'οι|τις|εργασίες|εργασία|εκκρεμότητες|μου|ανοιχτές|εκκρεμείς|ολοκληρωμένες|τελειωμένες|λίστα|εργασιών|υποχρεώσεων|ποιες|τι|άλλο|πρέπει|μένει|να|κάνω|ολοκλήρωσα|τελείωσα|έκανα|δείξε|όλες|για|στο|στη|έχω',
    ),
    heading: (n, w) => `${w === 'done' ? 'Ολοκληρωμένες' : 'Ανοιχτές'} εργασίες στις σημειώσεις σου (${n}):`,
    more: (n) => `…και ${n} ακόμα.`,
  },
};

/**
 * Whether the question asks for the person's tasks, and which and about what. Its own language is tried first,
 * then the others (a short question's language is easily misread); a how-to question in the matching language is
 * not a request.
 */
export function taskRequest(question: string): TaskRequest | null {
  const q = question.trim();
  const own = questionLanguage(q) as PhraseLanguage;
  const order = [...(PHRASE_LANGUAGES.includes(own) ? [own] : []), ...PHRASE_LANGUAGES.filter((l) => l !== own)];
  const lang = order.find((l) => TASK_WORDS[l].asks.test(q));
  if (!lang) return null;
  // How tasks work, asked in any language ("{{[[TODO]]}}怎么转成复选框" matched the Japanese words).
  if (PHRASE_LANGUAGES.some((l) => TASK_WORDS[l].howTo.test(q))) return null;
  const w = TASK_WORDS[lang];
  return {
    wanted: w.finished.test(q) ? 'done' : 'open',
    topic: topicOf(q.replace(OVERDUE, ' '), w.filler),
    lang,
    ...(OVERDUE.test(q) ? { overdue: true as const } : {}),
  };
}

/** The punctuation around a topic word, to trim; a tag's leading "#" is part of the word ("#lisbon?" → "#lisbon"). */
const AROUND_TOPIC_WORD = new RegExp(`^[^${WORD_CHAR}#]+|[^${WORD_CHAR}]+$`, 'gu');
const A_WORD_CHAR = new RegExp(`[${WORD_CHAR}]`, 'gu');

/**
 * The question without its task words. In a spaced language each word is dropped or kept whole (with its leading
 * "#" if it is a tag); elsewhere the filler is cut out of the text. What is left without two letters goes too.
 */
function topicOf(question: string, filler: RegExp): string {
  const rest = filler.global
    ? question.replace(filler, ' ').split(/\s+/)
    : question.split(/\s+/).filter((t) => !filler.test(t.replace(AROUND_TOPIC_WORD, '')));
  return rest
    .map((t) => t.replace(AROUND_TOPIC_WORD, ''))
    .filter((t) => (t.match(A_WORD_CHAR) ?? []).length >= (/^[\p{Script=Han}]/u.test(t) ? 1 : 2))
    .join(' ');
}

/**
 * A task request's topic when a follow-up changes it: "and for Maya?" after "what do I need to do for Tom?" is searched
 * as both questions together (withContext in steps/decide.ts), whose topic would be Tom and Maya. The follow-up's own
 * words are the topic when it has any ("Maya"); otherwise ("and the finished ones?") the request keeps its own.
 */
export function followUpTaskRequest(req: TaskRequest, followUp: string): TaskRequest {
  const own = topicOf(followUp.replace(OVERDUE, ' '), TASK_WORDS[req.lang].filler)
    .split(' ')
    .filter((w) => !FOLLOW_UP_WORDS.has(w.toLowerCase()))
    .join(' ');
  const wanted = TASK_WORDS[req.lang].finished.test(followUp) ? 'done' : req.wanted;
  return { ...req, wanted, ...(own ? { topic: own } : {}) };
}

/** Words a follow-up opens with, in the phrase languages that space their words ("and for Maya?", "¿y para Ana?"). */
const FOLLOW_UP_WORDS = new Set(
  'and also how what about then else ones one y también e und auch et aussi en ook и а ещё'.split(' '),
);

/** The answer's first line, in the request's language: "Open tasks in your notes (7):". */
export function taskHeading(req: TaskRequest, count: number): string {
  return TASK_WORDS[req.lang].heading(count, req.wanted);
}

/** The line after a list cut short: "…and 12 more." */
export function moreTasks(req: TaskRequest, count: number): string {
  return TASK_WORDS[req.lang].more(count);
}
