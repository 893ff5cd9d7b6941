"""What the ONNX converters (mpnet_to_onnx.py, e5_to_onnx.py) share: writing a BERT-style encoder graph with
numpy + onnx, and int8-quantising it with onnxruntime.

Both builds are checked byte for byte against resources/models.manifest.json, so the graph this writes must not
change: node names come from one counter in creation order, initialisers are stored in the order they are made,
and every helper creates them in the order the scripts did before they shared this module.
"""
import math
import os
import tempfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


class GraphBuilder:
    """Collects initialisers and nodes; each node's one output is named `<op>_<n>`."""

    def __init__(self):
        self.inits, self.nodes = [], []
        self._count = 0

    def const(self, name, arr):
        self.inits.append(numpy_helper.from_array(np.asarray(arr), name))
        return name

    def has(self, name):
        return any(i.name == name for i in self.inits)

    def node(self, op, inputs, **attrs):
        self._count += 1
        out = f"{op}_{self._count}"
        self.nodes.append(helper.make_node(op, inputs, [out], name=out, **attrs))
        return out

    def linear(self, x, weight_t, bias):
        """x @ weight_t + bias, with both given as initialiser names (weights stored [in, out])."""
        return self.node("Add", [self.node("MatMul", [x, weight_t]), bias])

    def layer_norm(self, x, weight, bias, eps):
        return self.node("LayerNormalization", [x, weight, bias], axis=-1, epsilon=eps)

    def padding_bias(self, mask):
        """The attention mask as an additive bias: 0 where attended, float32's minimum where padded: [batch, 1, 1, seq]."""
        m = self.node("Cast", [self.node("Unsqueeze", [mask, self.const("ax12", np.array([1, 2], np.int64))])], to=TensorProto.FLOAT)
        one = self.const("onef", np.array(1.0, np.float32))
        return self.node("Mul", [self.node("Sub", [one, m]), self.const("minf", np.array(np.finfo(np.float32).min, np.float32))])

    def encoder_layers(self, x, attn_bias, hidden, heads, num_layers, linear, layer_norm):
        """Post-LayerNorm transformer layers (BERT, RoBERTa and MPNet alike). `linear(x, i, part)` and
        `layer_norm(x, i, part)` name layer i's weights; parts: q, k, v, o, ffn_in, ffn_out and attn_ln, out_ln."""
        dh = hidden // heads
        split_shape = self.const("split_shape", np.array([0, 0, heads, dh], np.int64))
        merge_shape = self.const("merge_shape", np.array([0, 0, hidden], np.int64))
        scale = self.const("scale", np.array(1.0 / math.sqrt(dh), np.float32))

        def heads_of(t):
            return self.node("Transpose", [self.node("Reshape", [t, split_shape])], perm=[0, 2, 1, 3])

        for i in range(num_layers):
            q = heads_of(linear(x, i, "q"))
            k = heads_of(linear(x, i, "k"))
            v = heads_of(linear(x, i, "v"))
            scores = self.node("Mul", [self.node("MatMul", [q, self.node("Transpose", [k], perm=[0, 1, 3, 2])]), scale])
            probs = self.node("Softmax", [self.node("Add", [scores, attn_bias])], axis=-1)
            ctx = self.node("Reshape", [self.node("Transpose", [self.node("MatMul", [probs, v])], perm=[0, 2, 1, 3]), merge_shape])
            attn = layer_norm(self.node("Add", [linear(ctx, i, "o"), x]), i, "attn_ln")
            inter = self.node("Gelu", [linear(attn, i, "ffn_in")])
            x = layer_norm(self.node("Add", [linear(inter, i, "ffn_out"), attn]), i, "out_ln")
        return x

    def model(self, x, hidden, graph_name, producer):
        """The finished model: inputs input_ids and attention_mask, output last_hidden_state = x."""
        self.nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))
        graph = helper.make_graph(
            self.nodes,
            graph_name,
            [
                helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
                helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
            ],
            [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", hidden])],
            self.inits,
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)], producer_name=producer)
        model.ir_version = 9
        onnx.checker.check_model(model, full_check=False)
        return model


def quantize(fp32_path, out_path, keep_fp32, op_types=None):
    """Dynamic int8 (uint8 weights, per channel) of the MatMuls, except those whose weight name `keep_fp32`
    accepts. The FFN's second projection reads GELU outputs, whose long tail one uint8 activation scale per
    tensor cannot hold; quantising it drops the cosine to the fp32 embedding to 0.6-0.8 (see README, "Models")."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    g = onnx.load(fp32_path, load_external_data=False).graph
    excluded = [n.name for n in g.node if n.op_type == "MatMul" and keep_fp32(n.input[1])]
    quantize_dynamic(
        fp32_path,
        out_path,
        op_types_to_quantize=op_types,
        weight_type=QuantType.QUInt8,
        per_channel=True,
        nodes_to_exclude=excluded,
        extra_options={"MatMulConstBOnly": True},
    )


def write_int8(build, out_path, keep_fp32, op_types=None):
    """Builds the fp32 model with `build()`, saves it to a temporary file (onnxruntime quantises from a file)
    and writes its int8 form to out_path. Taking a function lets the fp32 model and the weights it was made from
    be freed before quantisation, which needs the memory."""
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = os.path.join(tmp, "model.onnx")
        model = build()
        onnx.save(model, fp32)
        del model
        quantize(fp32, out_path, keep_fp32, op_types)
