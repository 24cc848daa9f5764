#!/usr/bin/env python3
"""Lists the C++ functions longer than a limit, longest first.

Usage: find_long_functions.py [--max-lines N] [--fail] DIR...
Prints 'LINES FILE:LINE NAME' for each function (free, member or constructor; a lambda counts
as part of the function that holds it) whose definition, from the first line of its signature
to its closing brace, spans more than N lines (default 80); a function-try-block
(`int main(...) try { ... } catch (...) { ... }`) spans to the end of its last handler. A
function whose leading comment says why it 'stays whole' is listed with '(kept whole)' and does
not count. The last line counts the rest; with --fail the exit status is 1 when that count is
not zero.
"""
import os
import re
import sys

SOURCE_ENDINGS = (".cpp", ".hpp", ".h", ".cc", ".cxx", ".inl")
# The text between a function's closing parenthesis and its body: qualifiers, a trailing return
# type, `try` for a function-try-block, or a constructor's initializer list.
FUNCTION_HEAD = re.compile(
    r"\)\s*((const|noexcept(\([^)]*\))?|override|final|mutable|&&|&|->[^;{}=]*)\s*)*(try\s*)?$")
CONSTRUCTOR_HEAD = re.compile(r"\)\s*(noexcept\s*)?(try\s*)?:\s*[^;]*$")
TRY_HEAD = re.compile(r"\btry\s*(:[^;]*)?$")
HANDLER = re.compile(r"\s*catch\s*\(")
SCOPE_HEAD = re.compile(r"\b(namespace|class|struct|union|enum)\b[^()=]*$|extern\s+\"C\"\s*$")
KEPT_WHOLE = re.compile(r"stays whole|kept whole", re.IGNORECASE)


def blank_comments_and_strings(text):
    """The text with comments, string and character literals blanked; line breaks are kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            delimiter_end = text.find("(", i + 2)
            delimiter = text[i + 2:delimiter_end]
            end = text.find(")" + delimiter + '"', delimiter_end)
            end = n if end < 0 else end + len(delimiter) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                out.append(c)  # a digit separator, as in 1'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(text, open_at):
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def end_of_handlers(text, end):
    """Where a function-try-block ends: after the catch handlers that follow its body at `end`."""
    while True:
        handler = HANDLER.match(text, end + 1)
        if not handler:
            return end
        end = matching_brace(text, text.find("{", handler.end()))


def function_name(head):
    """The name before the parameter list: the identifier before the head's first '(' at depth 0."""
    head = re.sub(r"template\s*<[^{};]*?>\s*", "", head)
    depth = 0
    for i, c in enumerate(head):
        if c in "<[":
            depth += 1
        elif c in ">]":
            depth = max(0, depth - 1)
        elif c == "(" and depth == 0:
            match = re.search(r"([~\w:]+|operator\s*\S+)\s*$", head[:i])
            return match.group(1) if match else "?"
    return "?"


def long_functions(path, max_lines):
    with open(path, encoding="utf-8", errors="replace") as f:
        original = f.read()
    text = blank_comments_and_strings(original)
    lines = original.split("\n")
    found = []
    head_start = 0
    i = 0
    while i < len(text):
        c = text[i]
        if c in ";}":
            head_start = i + 1
        elif c == "{":
            head = text[head_start:i].strip()
            if SCOPE_HEAD.search(head) and not FUNCTION_HEAD.search(head):
                head_start = i + 1  # a namespace or class body: functions may follow inside
            elif CONSTRUCTOR_HEAD.search(head) and re.search(r"[\w>]\s*$", head):
                i = matching_brace(text, i)  # a member's brace initializer in a constructor
                continue
            elif FUNCTION_HEAD.search(head) or CONSTRUCTOR_HEAD.search(head):
                end = matching_brace(text, i)
                if TRY_HEAD.search(head):
                    end = end_of_handlers(text, end)
                offset = head_start + (len(text[head_start:i]) - len(text[head_start:i].lstrip()))
                first_line = text.count("\n", 0, offset) + 1
                last_line = text.count("\n", 0, end) + 1
                span = last_line - first_line + 1
                if span > max_lines:
                    leading = "\n".join(lines[max(0, first_line - 12):first_line - 1])
                    found.append((span, path, first_line, function_name(head),
                                  bool(KEPT_WHOLE.search(leading))))
                i = end
                head_start = end + 1
            else:
                i = matching_brace(text, i)  # an initializer or other data at this scope
                continue
        i += 1
    return found


def main(argv):
    max_lines, fail, roots = 80, False, []
    args = iter(argv[1:])
    for arg in args:
        if arg == "--max-lines":
            max_lines = int(next(args))
        elif arg == "--fail":
            fail = True
        else:
            roots.append(arg)
    if not roots:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    found = []
    for root in roots:
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(SOURCE_ENDINGS):
                    found += long_functions(os.path.join(directory, name), max_lines)
    found.sort(key=lambda row: (-row[0], row[1], row[2]))
    for span, path, line, name, kept in found:
        print(f"{span:5d} {path}:{line} {name}" + (" (kept whole)" if kept else ""))
    unexplained = sum(1 for row in found if not row[4])
    print(f"{unexplained} functions over {max_lines} lines without a reason to stay whole"
          f" ({len(found) - unexplained} kept whole)")
    return 1 if fail and unexplained else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
