"""Checks of PDF/UA-1 (Matterhorn protocol) that the pdfua package does not make, for invoicegen's tests.

Usage: tagged_pdf_check.py FILE.pdf [LANG]

Prints one JSON object: {"problems": [...], "figures": N, "alts": [...], "headers": N, "marked": N}.
- 01-001/06-002 kind: a structure tree and /MarkInfo /Marked true;
- 01-003/01-004: no painting or text operator outside marked content (paths, images and
  shadings too, which pdfua does not count), and no artifact inside tagged content;
- 11-001: the catalog's /Lang equals LANG when given;
- 13-004: every /Figure has a non-empty /Alt;
- 15-003: every /TH has /A << /Scope … >>;
- 28-008/09/10/11 and 28-005: a page with annotations has /Tabs /S; each annotation's /StructParent
  leads through the parent tree to the element that holds it as an OBJR, a /Form for a widget, a
  /Link for a link; a widget has /TU. PDF/A's 6.3.2 too: no annotation hidden, every one printed.
"""

import json
import sys

import pikepdf

PAINTING = {
    "f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "sh", "Do", "BI", "INLINE IMAGE",
    "Tj", "TJ", "'", '"',
}


def structure_elements(root):
    """Every structure element under the tree root, in document order."""
    out = []
    stack = [root.get("/K")]
    seen = set()
    while stack:
        node = stack.pop()
        if isinstance(node, pikepdf.Array):
            stack.extend(reversed(list(node)))
        elif isinstance(node, pikepdf.Dictionary):
            key = node.objgen if node.is_indirect else id(node)
            if key in seen:
                continue
            seen.add(key)
            if "/S" in node:
                out.append(node)
            kids = node.get("/K")
            if kids is not None:
                stack.append(kids)
    return out


def check_content(instructions, problems, where):
    """Counts painting outside marked content and artifacts inside tagged content."""
    stack = []  # names of the open marked-content sequences
    marked = 0
    for operands, operator in instructions:
        op = str(operator)
        if op in ("BMC", "BDC"):
            name = str(operands[0])
            if name == "/Artifact" and any(tag != "/Artifact" and tag != "/Span" for tag in stack):
                problems.append(f"{where}: an artifact inside tagged content ({'/'.join(stack)})")
            stack.append(name)
        elif op == "EMC":
            if stack:
                stack.pop()
        elif op in PAINTING:
            if not stack:
                problems.append(f"{where}: '{op}' outside marked content")
            else:
                marked += 1
    return marked


def parent_tree_values(tree):
    """The parent tree's keys and values, its /Nums flattened (with /Kids followed)."""
    values = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        nums = node.get("/Nums")
        if nums is not None:
            for index in range(0, len(nums) - 1, 2):
                values[int(nums[index])] = nums[index + 1]
        stack.extend(node.get("/Kids", []))
    return values


def check_annotations(pdf, problems):
    """Each annotation tagged as PDF/UA asks (and printed, not hidden, as PDF/A asks); returns their count."""
    tree = pdf.Root.get("/StructTreeRoot")
    parents = parent_tree_values(tree.get("/ParentTree", pikepdf.Dictionary())) if tree is not None else {}
    count = 0
    for number, page in enumerate(pdf.pages, start=1):
        annotations = page.obj.get("/Annots", [])
        if len(annotations) and page.obj.get("/Tabs") != "/S":
            problems.append(f"page {number}: annotations, but no /Tabs /S")
        for annotation in annotations:
            count += 1
            subtype = str(annotation.get("/Subtype"))
            flags = int(annotation.get("/F", 0))
            if flags & 2 or not flags & 4:
                problems.append(f"page {number}: a {subtype} annotation hidden or not printed (/F {flags})")
            if subtype == "/Widget" and not str(annotation.get("/TU", "")).strip():
                problems.append(f"page {number}: a widget without /TU")
            key = annotation.get("/StructParent")
            element = parents.get(int(key)) if key is not None else None
            wanted = {"/Widget": "/Form", "/Link": "/Link"}.get(subtype, "/Annot")
            if element is None:
                problems.append(f"page {number}: a {subtype} annotation outside the structure tree")
                continue
            if str(element.get("/S")) != wanted:
                problems.append(f"page {number}: a {subtype} annotation in a {element.get('/S')}, not {wanted}")
            kids = element.get("/K")
            kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
            if not any(isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/OBJR"
                       and kid.get("/Obj") is not None and kid.Obj.objgen == annotation.objgen for kid in kids):
                problems.append(f"page {number}: the {wanted} element holds no OBJR of its {subtype} annotation")
    return count


def main():
    path = sys.argv[1]
    language = sys.argv[2] if len(sys.argv) > 2 else None
    problems = []
    pdf = pikepdf.open(path)
    root = pdf.Root
    if "/StructTreeRoot" not in root:
        problems.append("no /StructTreeRoot")
    mark_info = root.get("/MarkInfo")
    if mark_info is None or not bool(mark_info.get("/Marked", False)):
        problems.append("/MarkInfo /Marked is not true")
    lang = str(root.get("/Lang")) if "/Lang" in root else None
    if language is not None and lang != language:
        problems.append(f"/Lang is {lang!r}, not {language!r}")
    figures = headers = 0
    alts = []
    if "/StructTreeRoot" in root:
        for element in structure_elements(root.StructTreeRoot):
            role = str(element.get("/S"))
            if role == "/Figure":
                figures += 1
                alt = element.get("/Alt")
                alts.append(str(alt) if alt is not None else None)
                if alt is None or not str(alt).strip():
                    problems.append("a /Figure without /Alt")
            elif role == "/TH":
                headers += 1
                attributes = element.get("/A")
                if not isinstance(attributes, pikepdf.Dictionary) or "/Scope" not in attributes:
                    problems.append("a /TH without /Scope")
    marked = 0
    for number, page in enumerate(pdf.pages, start=1):
        marked += check_content(pikepdf.parse_content_stream(page), problems, f"page {number}")
    annotations = check_annotations(pdf, problems)
    print(json.dumps({
        "problems": problems[:20], "figures": figures, "alts": alts, "headers": headers, "marked": marked,
        "annotations": annotations,
    }, ensure_ascii=False))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
