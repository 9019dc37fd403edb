"""A Rust reference or pointer to an enum reads as the enum does by value: its variant and fields;
one to a Vec, a map, a String or a slice as by value too (its items, not the Vec's buf and len).

The toolchain's lldb_lookup recognizes a sum-type enum (first field $variants$) when its synthetic
provider meets a value of the type, and then adds a summary for that type name, which lldb also
applies to pointers to the type, with the pointer as the value (it read the variant's name only).
A pointer's synthetic provider saw a pointer (no enum): its children were the raw
$variants$/$discr$ members, and a reference to an enum never met by value had a bare address.
Loaded by dapgate after lldb_lookup, for the pointer types whose pointee has a Rust path or is a
tuple (which the narrowed catch-all synthetic provider already covered: no value gains a call).
"""
import lldb
import lldb_lookup
from rust_types import RustType
from dapgate_rust_recognizers import SHOWN_BY_PROVIDER

_enum_summary = lldb_lookup.ClangEncodedEnumSummaryProvider


# the toolchain's synthetic_lookup gives a String no provider (its bytes come from this one)
_PROVIDER_BY_KIND = {RustType.STD_STRING: lldb_lookup.StdStringSyntheticProvider}


class _Pointee:
    """A pointer's children are its pointee's as the toolchain's provider shows them by value. The
    pointee is read again at each update (the pointer may point elsewhere at the next stop)."""

    def __init__(self, valobj, internal_dict):
        self.valobj = valobj
        self.internal_dict = internal_dict
        self.inner = None
        self.update()

    def update(self):
        # the provider reads the pointee's own members (buf, len; $variants$), not synthetic children
        target = self.valobj.GetNonSyntheticValue().Dereference().GetNonSyntheticValue()
        self.inner = None
        if target.IsValid():
            kind = lldb_lookup.classify_rust_type(target.GetType())
            make = _PROVIDER_BY_KIND.get(kind, lldb_lookup.synthetic_lookup)
            self.inner = make(target, self.internal_dict)
        return False

    def num_children(self):
        return self.inner.num_children() if self.inner else 0

    def get_child_index(self, name):
        return self.inner.get_child_index(name) if self.inner else -1

    def get_child_at_index(self, index):
        return self.inner.get_child_at_index(index) if self.inner else None

    def has_children(self):
        return self.inner.has_children() if self.inner else False


def ref_synthetic(valobj, internal_dict):
    """An enum's children as by value (the variant's fields), a Vec's, map's or String's as by value
    (its items, entries, bytes); other pointers' as before (lldb's). Meeting the enum adds its
    summary (lldb_lookup), which the pointer then shows."""
    pointee = valobj.GetType().GetPointeeType()
    if not pointee.IsValid() or lldb_lookup.classify_rust_type(pointee) not in SHOWN_BY_PROVIDER:
        return lldb_lookup.DefaultSyntheticProvider(valobj, internal_dict)
    return _Pointee(valobj, internal_dict)


def enum_summary(valobj, internal_dict):
    """The enum's summary, given the enum or a pointer to it (the enum's fields, not the pointer's)."""
    if not valobj.GetType().IsPointerType():
        return _enum_summary(valobj, internal_dict)
    target = valobj.GetNonSyntheticValue().Dereference()
    synthetic = target.GetSyntheticValue() if target.IsValid() else None
    if synthetic is None or not synthetic.IsValid():
        return ""
    return _enum_summary(synthetic, internal_dict)


# the name lldb_lookup registers its enum summaries under, so that they read pointers too
lldb_lookup.ClangEncodedEnumSummaryProvider = enum_summary


# The toolchain's synthetic_lookup adds an enum type's summary each time it meets a value of it: its
# check for one already there compares with a text that a summary made by CreateWithFunctionName
# never has. Each add flushes lldb's formatter caches, so every value met after it looked up its
# formatters again (recognizers included: Python calls) and lldb-dap's 10 ms summaries got cut.
# Here the summary is added once per enum type; everything else goes to the toolchain's function.
_toolchain_synthetic_lookup = lldb_lookup.synthetic_lookup
_enum_summaries_added = set()


def synthetic_lookup(valobj, internal_dict):
    # a type's regex (Vec, HashMap) also matches pointers to it, which the toolchain gave lldb's raw
    # children (the pointee's buf and len): a pointer is shown as its pointee here, as by value
    if valobj.GetType().IsPointerType():
        return ref_synthetic(valobj, internal_dict)
    if lldb_lookup.classify_rust_type(valobj.GetType()) != RustType.ENUM:
        return _toolchain_synthetic_lookup(valobj, internal_dict)
    name = valobj.GetTypeName()
    if name not in _enum_summaries_added:
        lldb.debugger.GetCategory("Rust").AddTypeSummary(
            lldb.SBTypeNameSpecifier(name),
            lldb.SBTypeSummary.CreateWithFunctionName("lldb_lookup.ClangEncodedEnumSummaryProvider"),
        )
        _enum_summaries_added.add(name)
    return lldb_lookup.ClangEncodedEnumProvider(valobj, internal_dict)


if getattr(_toolchain_synthetic_lookup, "__module__", "") != __name__:
    lldb_lookup.synthetic_lookup = synthetic_lookup


def str_summary(valobj, internal_dict):
    """A &str's text, given the &str or a pointer to it (a `&&str`, a `&mut &str`): lldb applies a
    type's summary to pointers to it too, with the pointer as the value, which the toolchain's
    summary_lookup does not recognize; lldb-dap then summarized the pointee's children, its bytes
    (`{97, 98}` for "ab")."""
    target = valobj.GetNonSyntheticValue()
    if target.GetType().IsPointerType():
        target = target.Dereference()
    if not target.IsValid():
        return ""
    return lldb_lookup.StdStrSummaryProvider(target, internal_dict)
