#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
extract.py - cuts the kernel functions and macros that kernel-check compares out of a Linux
source tree, by name, into one C file for the userspace build (nothing of it is committed).

The list of what to cut is kernel-check/functions.txt: "FILE: NAME NAME ...", FILE relative to
the source tree; NAME is a function, #NAME a macro, =NAME a variable (a table), %NAME a
structure (or enumeration) a .c file defines for itself (struct NAME { ... };, e.g.
cpufreq_cooling.c's struct cpufreq_cooling_device; enum NAME { ... };), so that its fields keep
the kernel's types and its constants the kernel's values. Each file is first reduced to the
branches of #if/#ifdef/#else its configuration selects (kernel-check/kconfig: CONFIG_X=y lines,
plus NAME=VALUE for other macros #if tests), so that of a function defined once per
configuration the active one is found. A function is found as a top-level "NAME(" whose closing
parenthesis is followed by "{" (declarations, ending in ";", are skipped), from the start of its
return type to the matching "}" (comments, strings and character literals skipped while
matching). A macro is a "#define NAME" line with its continuation lines; a variable, a top-level
"... NAME ... =" up to its ";"; a structure, a top-level "struct NAME {" (or "enum NAME {") up
to its "};".

Every function is made static and renamed with a prefix (k_ by default) everywhere in the
output, so that names shared with capsim (util_fits_cpu, ...) never meet at link time; calls
from one cut function to another follow the rename, and so do the names of cut functions in a
variable's initializer (a table of them). Macros come first, then prototypes of all
functions, then the variables, then the functions, so the order of the kernel's files does
not matter. Macros keep their names; the structures come right after them. A static
variable declared in a function's body (at its top level) moves to file scope as
<prefix><function>__<variable>, so that the caller can reset it between cases (the kernel
runs such code once per boot).

With --hook NAME (repeatable), the calls of the cut function NAME from the cut functions' bodies
are renamed kc_hook_NAME instead (its definition stays <prefix>NAME): the driver defines the
hook, logs the call and makes it.

With --moves FILE (moves-X.Y.txt), the lists, written for 6.12, are read for another version:
"NAME: FILE" cuts NAME from FILE instead of the list's file (the version moved it; a NAME
the lists do not have is cut besides them: the version's code needs it),
"NAME NAME ...: -" cuts none of them (the version has no such function, or the groups that
call it are not run on it: the driver must not call it), and
"NAME = NEWNAME" cuts NEWNAME where the list names NAME (the version renamed it) and defines
<prefix>NAME as <prefix>NEWNAME, so that the driver's calls stay the same.

Usage: extract.py --src LINUX_DIR --list functions.txt --config kconfig --out FILE.c [--hook NAME]
       [--moves moves-X.Y.txt]
"""
import argparse
import re
import sys


def strip_comments_keep_layout(text):
    """Replaces comments, strings and char literals by spaces (newlines kept): for matching."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            j += 1
            out.append(c + ' ' * (j - i - 2) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


class Config:
    def __init__(self, paths):
        self.values = {}
        for path in paths:  # a later file adds to (or overrides) an earlier one
            with open(path) as f:
                for line in f:
                    line = line.split('#', 1)[0].strip()
                    if not line:
                        continue
                    name, _, value = line.partition('=')
                    self.values[name.strip()] = value.strip() or '1'

    def defined(self, name):
        return name in self.values and self.values[name] not in ('n', '0')

    def eval(self, expr, where):
        """Evaluates a #if expression: defined(), IS_ENABLED(), CONFIG_ names, numbers."""
        e = re.sub(r'\bdefined\s*\(\s*(\w+)\s*\)', lambda m: str(int(self.defined(m[1]))), expr)
        e = re.sub(r'\bdefined\s+(\w+)', lambda m: str(int(self.defined(m[1]))), e)
        e = re.sub(r'\b(IS_ENABLED|IS_BUILTIN|IS_REACHABLE)\s*\(\s*(\w+)\s*\)',
                   lambda m: str(int(self.defined(m[2]))), e)

        def ident(m):
            v = self.values.get(m[0])
            if v is None:
                return '0'
            return '1' if v == 'y' else v
        e = re.sub(r'\b[A-Za-z_]\w*\b', ident, e)
        e = e.replace('&&', ' and ').replace('||', ' or ')
        e = re.sub(r'!(?!=)', ' not ', e)
        e = re.sub(r'(\d+)[UL]+\b', r'\1', e)
        try:
            return bool(eval(e, {'__builtins__': {}}))
        except Exception as ex:  # a condition we cannot decide: refuse rather than guess
            sys.exit(f'extract.py: {where}: cannot evaluate #if {expr.strip()!r} ({ex})')


def select_config(text, cfg, where):
    """Blanks the lines of inactive #if branches and the directives themselves."""
    lines = text.split('\n')
    clean = strip_comments_keep_layout(text).split('\n')
    stack = []  # (parent_active, this_branch_active, some_branch_taken)
    active = True
    out = []
    i = 0
    while i < len(lines):
        raw, cl = lines[i], clean[i]
        # join continuation lines of directives
        span = 1
        while cl.rstrip().endswith('\\') and i + span < len(lines):
            cl = cl.rstrip()[:-1] + ' ' + clean[i + span]
            span += 1
        m = re.match(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)', cl)
        if m:
            d, rest = m[1], m[2]
            if d in ('if', 'ifdef', 'ifndef'):
                if d == 'if':
                    cond = cfg.eval(rest, f'{where}:{i + 1}') if active else False
                elif d == 'ifdef':
                    cond = cfg.defined(rest.split()[0])
                else:
                    cond = not cfg.defined(rest.split()[0])
                taken = active and cond
                stack.append((active, taken))
                active = taken
            elif d == 'elif':
                parent, taken = stack[-1]
                cond = (not taken) and parent and cfg.eval(rest, f'{where}:{i + 1}')
                stack[-1] = (parent, taken or cond)
                active = cond
            elif d == 'else':
                parent, taken = stack[-1]
                active = parent and not taken
                stack[-1] = (parent, True)
            else:
                parent, _ = stack.pop()
                active = parent
            out.extend([''] * span)
        else:
            out.extend(lines[i:i + span] if active else [''] * span)
        i += span
    if stack:
        sys.exit(f'extract.py: {where}: unbalanced #if')
    return '\n'.join(out)


DECL_LINE = re.compile(r'^[A-Za-z_][\w\s\*]*$')


def skip_balanced(clean, k, opening='(', closing=')'):
    """Returns the index after the @closing that closes the @opening at @k."""
    depth = 0
    while k < len(clean):
        if clean[k] == opening:
            depth += 1
        elif clean[k] == closing:
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return k


def find_function(text, clean, name, where):
    """Returns (start, brace, end) of the definition of @name in @text, or exits."""
    for m in re.finditer(r'(?<![\w.>])' + re.escape(name) + r'\s*\(', clean):
        # top level only: braces balanced before it
        if clean.count('{', 0, m.start()) != clean.count('}', 0, m.start()):
            continue
        k = skip_balanced(clean, m.end() - 1)
        j = k - 1  # the closing parenthesis
        while k < len(clean) and (clean[k].isspace() or re.match(r'\w', clean[k])):
            k += 1  # words like "const"
            if k < len(clean) and clean[k] == '(' and re.search(r'(?<!\w)__\w+$', clean[j:k]):
                k = skip_balanced(clean, k)  # an attribute with arguments: __must_hold(lock)
        if k >= len(clean) or clean[k] != '{':
            continue  # a declaration or a call
        # the return type: this line's start, and the lines above made only of type words
        start = clean.rfind('\n', 0, m.start()) + 1
        while start > 0:
            prev_start = clean.rfind('\n', 0, start - 1) + 1
            prev = clean[prev_start:start - 1]
            if not prev.strip() or not DECL_LINE.match(prev.strip()):
                break
            start = prev_start
        return start, k, skip_balanced(clean, k, '{', '}')
    sys.exit(f'extract.py: {where}: no definition of {name}() in the configured source')


def find_macro(text, clean, name, where):
    m = re.search(r'^[ \t]*#[ \t]*define[ \t]+' + re.escape(name) + r'\b', clean, re.M)
    if not m:
        sys.exit(f'extract.py: {where}: no #define {name}')
    end = m.start()
    while True:
        nl = text.find('\n', end)
        nl = len(text) if nl < 0 else nl
        if not clean[end:nl].rstrip().endswith('\\'):
            return m.start(), nl
        end = nl + 1


def find_variable(text, clean, name, where):
    """A top-level variable definition "TYPE NAME[...] ... = ...;" with its initializer."""
    for m in re.finditer(r'(?<![\w.>])' + re.escape(name) + r'\b[^;=(]*=', clean):
        if clean.count('{', 0, m.start()) != clean.count('}', 0, m.start()):
            continue
        start = clean.rfind('\n', 0, m.start()) + 1
        depth, e = 0, m.end()
        while e < len(clean) and not (clean[e] == ';' and depth == 0):
            depth += {'{': 1, '}': -1}.get(clean[e], 0)
            e += 1
        return start, e + 1
    sys.exit(f'extract.py: {where}: no definition of the variable {name}')


def find_struct(text, clean, name, where):
    """A top-level "struct NAME { ... };" (or "enum NAME { ... };") definition."""
    for m in re.finditer(r'^(?:struct|enum)\s+' + re.escape(name) + r'\s*\{', clean, re.M):
        if clean.count('{', 0, m.start()) != clean.count('}', 0, m.start()):
            continue
        depth, e = 0, m.end() - 1
        while e < len(clean):
            depth += {'{': 1, '}': -1}.get(clean[e], 0)
            if depth == 0:
                break
            e += 1
        end = clean.find(';', e)
        if end < 0:
            break
        return m.start(), end + 1
    sys.exit(f'extract.py: {where}: no definition of struct or enum {name}')


STATIC_DECL = re.compile(r'^([ \t]+)static\s+([^;=(]*?)\b(\w+)\s*(=\s*[^;]*)?;[ \t]*$', re.M)


def hoist_statics(func, body, prefix):
    """Moves the static variables declared at the top level of @body to file scope."""
    clean = strip_comments_keep_layout(body)
    statics = []
    for m in reversed(list(STATIC_DECL.finditer(clean))):
        if clean.count('{', 0, m.start()) - clean.count('}', 0, m.start()) != 1:
            continue  # only the function's own block
        var = m[3]
        new = f'{prefix}{func}__{var}'
        decl = body[m.start():m.end()].strip()
        statics.insert(0, f'/* {func}()\'s own */\n' + re.sub(r'\b' + var + r'\b', new, decl, count=1))
        body = body[:m.start()] + body[m.end():]
        clean = clean[:m.start()] + clean[m.end():]
        body = re.sub(r'(?<![\w.>])' + re.escape(var) + r'\b', new, body)
        clean = strip_comments_keep_layout(body)
    return body, statics


def apply_moves(entries, moves):
    """The list's (FILE, NAMES) entries as another version has them: each moved name cut from
    its new file, each renamed one under its new name; returns them and the (old, new) names."""
    if not moves:
        return entries, []
    moved, renamed = {}, {}
    with open(moves) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or re.match(r'#(\s|$)', line):  # a comment; "#NAME" is a macro
                continue
            m = re.fullmatch(r'([#=%]?\w+(?:\s+[#=%]?\w+)*)\s*(?::\s*(\S+)|=\s*(\w+))', line)
            if not m or (len(m[1].split()) > 1 and m[2] != '-'):
                sys.exit(f'extract.py: {moves}:{n}: expected "NAME: FILE", "NAME ...: -" or '
                         '"NAME = NEWNAME"')
            if m[2]:
                moved.update((name, m[2]) for name in m[1].split())
            else:
                renamed[m[1]] = m[3]
    out, extra, aliases = [], {}, []
    for path, names in entries:
        kept = []
        for name in names:
            new = renamed.get(name, name)
            if new != name:
                aliases.append((name, new))
            if moved.get(name) == '-':
                continue
            if name in moved:
                extra.setdefault(moved[name], []).append(new)
            else:
                kept.append(new)
        out.append((path, kept))
    listed = {name for _, names in entries for name in names}
    for name, path in moved.items():  # a name only this version needs
        if name not in listed and path != '-':
            extra.setdefault(path, []).append(name)
    out += list(extra.items())
    return out, aliases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--src', required=True)
    ap.add_argument('--list', required=True)
    ap.add_argument('--config', required=True, action='append',
                    help='a kconfig file; several add up, the later ones winning')
    ap.add_argument('--out', required=True)
    ap.add_argument('--prefix', default='k_')
    ap.add_argument('--hook', action='append', default=[],
                    help='a cut function whose calls (not its definition) go to kc_hook_NAME()')
    ap.add_argument('--moves', help='the version\'s moved and renamed names (moves-X.Y.txt)')
    args = ap.parse_args()
    cfg = Config(args.config)

    version = ''
    with open(f'{args.src}/Makefile') as f:
        mk = dict(re.findall(r'^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)', f.read(), re.M))
        version = f"{mk.get('VERSION')}.{mk.get('PATCHLEVEL')}.{mk.get('SUBLEVEL')}"

    macros, structs, variables, funcs = [], [], [], []  # (where, text); (name, where, header, body)
    with open(args.list) as f:
        entries = []
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                path, _, names = line.partition(':')
                entries.append((path.strip(), names.split()))
    entries, aliases = apply_moves(entries, args.moves)
    for path, names in [(p, n) for p, n in entries if n]:  # a file whose names all went: unread
        with open(f'{args.src}/{path}') as f:
            text = select_config(f.read(), cfg, path)
        clean = strip_comments_keep_layout(text)
        for name in names:
            if name.startswith('#'):
                s, e = find_macro(text, clean, name[1:], path)
                macros.append((f'{path}: {name[1:]}', text[s:e]))
            elif name.startswith('%'):
                s, e = find_struct(text, clean, name[1:], path)
                structs.append((f'{path}: struct {name[1:]}', text[s:e]))
            elif name.startswith('='):
                s, e = find_variable(text, clean, name[1:], path)
                variables.append((f'{path}: {name[1:]}', text[s:e]))
            else:
                s, b, e = find_function(text, clean, name, path)
                funcs.append((name, path, text[s:b].strip(), text[b:e]))

    hoisted = []  # file-scope definitions of the functions' own static variables
    for i, (name, path, h, body) in enumerate(funcs):
        body, statics = hoist_statics(name, body, args.prefix)
        funcs[i] = (name, path, h, body)
        hoisted += statics

    names = [f[0] for f in funcs]
    if len(set(names)) != len(names):
        sys.exit('extract.py: a function is listed twice')
    rename = re.compile(r'(?<![\w.])(?<!->)\b(' + '|'.join(map(re.escape, names)) + r')\b(?=\s*\()')

    def fix(s):
        return rename.sub(lambda m: args.prefix + m[1], s)

    # a hooked function keeps its k_NAME definition; the calls in bodies go to kc_hook_NAME(),
    # which the driver defines (the path groups' call log)
    hooks = set(args.hook)
    if hooks - set(names):
        sys.exit(f'extract.py: --hook names a function not cut: {sorted(hooks - set(names))}')

    def fix_body(s):
        return rename.sub(lambda m: ('kc_hook_' if m[1] in hooks else args.prefix) + m[1], s)

    def static(header):
        h = re.sub(r'^(extern\s+)', '', header)
        return h if re.match(r'static\b', h) else 'static ' + h

    out = [f'/* Generated by kernel-check/extract.py from Linux {version} ({args.src}); '
           'do not edit or commit. */', f'#define KC_LINUX_VERSION "{version}"', '']
    out += [f'/* {w} */\n{fix(t)}' for w, t in macros]
    out += [f'/* {w} */\n{t}' for w, t in structs]
    out.append('')
    out += hoisted
    out += [fix(static(h)) + ';' for _, _, h, _ in funcs]
    out += [f'#define {args.prefix}{old} {args.prefix}{new}' for old, new in aliases]
    out.append('')
    # after the prototypes: in a table a cut function is named, not called
    anyref = re.compile(r'(?<![\w.])(?<!->)\b(' + '|'.join(map(re.escape, names)) + r')\b')
    out += [f'/* {w} */\n{anyref.sub(lambda m: args.prefix + m[1], t)}' for w, t in variables]
    out.append('')
    for name, path, h, body in funcs:
        out.append(f'/* {path}: {name}() */')
        out.append(fix(static(h)) + '\n' + fix_body(body) + '\n')
    with open(args.out, 'w') as f:
        f.write('\n'.join(out))


if __name__ == '__main__':
    main()
