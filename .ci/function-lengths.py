#!/usr/bin/env python3
"""Fails when a function in the given Swift, C or C++ files is longer than LIMIT lines.

Swift: counts from the line of `func`/`init`/`deinit`/`subscript` (or a computed property's `var`)
to the line of its closing brace, with strings (also multi-line and raw ones) and comments skipped
while matching braces. C and C++ (.c, .h, .cpp, .hpp): counts from the first line of a function's
declaration (its return type, or `template`) to its closing brace; a body is a brace after a closing
parenthesis (and any `const`, `noexcept`, `override` or `-> type`) that is not an `if`, `for`,
`while`, `switch` or `catch`, and lambdas count towards the function they are in. make lint runs it
on Sources/ and Layouts/ so no function grows past the limit again.
usage: function-lengths.py LIMIT FILE...
"""
import re
import sys

DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|static|class|final|override|mutating|nonisolated|convenience|required|@inlinable|@discardableResult)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript|var\s+\w+\s*:\s*[^={]+(?=\{))")


def code_only(text):
    """The text with strings and comments blanked out (newlines kept), so braces can be matched."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            depth = 0
            while i < n:
                if text.startswith("/*", i):
                    depth += 1
                    i += 2
                elif text.startswith("*/", i):
                    depth -= 1
                    i += 2
                    if depth == 0:
                        break
                else:
                    out.append("\n" if text[i] == "\n" else " ")
                    i += 1
            continue
        hashes = 0
        while c == "#" and i + hashes < n and text[i + hashes] == "#":
            hashes += 1
        if i + hashes < n and text[i + hashes] == '"':
            start = i + hashes
            triple = text.startswith('"""', start)
            quote = '"""' if triple else '"'
            end_mark = quote + "#" * hashes
            j = start + len(quote)
            while j < n:
                if hashes == 0 and text[j] == "\\":
                    if text.startswith("\\(", j):
                        # An interpolation: skip to its matching parenthesis.
                        depth, j = 1, j + 2
                        while j < n and depth:
                            depth += {"(": 1, ")": -1}.get(text[j], 0)
                            j += 1
                        continue
                    j += 2
                    continue
                if text.startswith(end_mark, j):
                    j += len(end_mark)
                    break
                if not triple and text[j] == "\n":
                    break
                j += 1
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:j]))
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)


def long_functions(path, limit):
    text = code_only(open(path, encoding="utf-8").read())
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found = []
    for number, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        # The body's opening brace: the first "{" after the declaration at parenthesis depth 0.
        position, depth = offsets[number] + match.end(), 0
        while position < len(text):
            ch = text[position]
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            elif ch == "{" and depth == 0:
                break
            elif ch == "}" and depth == 0:
                position = -1  # a protocol requirement: no body
                break
            position += 1
        if position < 0 or position >= len(text):
            continue
        braces, end = 0, position
        while end < len(text):
            braces += {"{": 1, "}": -1}.get(text[end], 0)
            if braces == 0:
                break
            end += 1
        last = text.count("\n", 0, end)
        length = last - number + 1
        if length > limit:
            found.append((path, number + 1, match.group(1), length))
    return found


C_FAMILY = (".c", ".h", ".cpp", ".hpp")
C_CONTROL = re.compile(r"^(?:\}\s*)?(?:else\s+)?(?:if|for|while|switch|catch)\b")
C_BODY_HEAD = re.compile(r"\)\s*(?:const\s*)?(?:noexcept\s*)?(?:override\s*)?(?:->\s*[\w:<>,&*\s]+)?$")
C_LABEL = re.compile(r"^(?:(?:public|private|protected)\s*:\s*)+")


def c_code_only(text):
    """C or C++ text with comments, strings and character literals blanked out (newlines kept)."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])+\'', re.S)
    return pattern.sub(lambda m: "".join("\n" if ch == "\n" else " " for ch in m.group(0)), text)


def long_c_functions(path, limit):
    text = c_code_only(open(path, encoding="utf-8").read())
    found, stack, head_start = [], [], 0
    for position, ch in enumerate(text):
        if ch == "{":
            raw = text[head_start:position]
            first = head_start + len(raw) - len(raw.lstrip())
            label = C_LABEL.match(text, first)
            if label:
                first = label.end() + len(text[label.end() : position]) - len(text[label.end() : position].lstrip())
            head = text[first:position].strip()
            is_function = bool(C_BODY_HEAD.search(head)) and not C_CONTROL.match(head) and "=" not in head
            inside_function = any(outer for _, outer, _ in stack)
            stack.append((first, is_function and not inside_function, head))
            head_start = position + 1
        elif ch == "}":
            if stack:
                first, is_function, head = stack.pop()
                if is_function:
                    line = text.count("\n", 0, first) + 1
                    length = text.count("\n", first, position) + 1
                    if length > limit:
                        name = re.search(r"([\w:~]+)\s*\(", head)
                        found.append((path, line, name.group(1) if name else head[:40], length))
            head_start = position + 1
        elif ch == ";":
            head_start = position + 1
    return found


def main():
    limit = int(sys.argv[1])
    found = [
        item
        for path in sys.argv[2:]
        for item in (long_c_functions if path.endswith(C_FAMILY) else long_functions)(path, limit)
    ]
    for path, line, name, length in sorted(found, key=lambda item: -item[3]):
        print(f"{path}:{line}: {name} is {length} lines, more than {limit}")
    if found:
        print(f"{len(found)} function(s) over {limit} lines: split them (a function does one thing)")
        sys.exit(1)


main()
