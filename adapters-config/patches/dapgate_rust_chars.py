"""A Rust char reads as a Rust literal ('r', '\\n', '\\'', '\\u{7f}'), as `{:?}` prints it.

lldb reads a Rust char as C's char32_t: its value is the code point (U+0x00000072) and its summary
a C++ literal (U'r'), which lldb-dap shows one after the other, and an array of chars as a C
string that runs past the array's end. Loaded by dapgate with the Rust formatters.
"""

_ESCAPES = {'\t': '\\t', '\r': '\\r', '\n': '\\n', "'": "\\'", '\\': '\\\\', '\0': '\\0'}


def _literal(code):
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return '<not a char: 0x%x>' % code
    c = chr(code)
    if c in _ESCAPES:
        return "'%s'" % _ESCAPES[c]
    if not c.isprintable():
        return "'\\u{%x}'" % code
    return "'%s'" % c


def char_summary(valobj, _dict):
    return _literal(valobj.GetValueAsUnsigned())


def char_array_summary(valobj, _dict):
    """The array's own items, each as a literal (lldb's C-string reading runs past the end)."""
    items = [_literal(valobj.GetChildAtIndex(i).GetValueAsUnsigned()) for i in range(valobj.GetNumChildren())]
    return '[%s]' % ', '.join(items)
