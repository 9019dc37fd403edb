"""A Rust reference or pointer to an enum reads as the enum does by value: its variant and fields.

The toolchain's lldb_lookup recognizes a sum-type enum (first field $variants$) when its synthetic
provider meets a value of the type, and then adds a summary for that type name, which lldb also
applies to pointers to the type, with the pointer as the value: it reads the variant's name only.
A reference to an enum not met by value had no summary (a bare address), and its children were the
raw $variants$/$discr$ members. Loaded by dapgate after lldb_lookup, for pointer types whose
pointee has a Rust path or is a tuple (the types the narrowed synthetic provider already covers).
"""
import lldb_lookup
from rust_types import RustType

_enum_summary = lldb_lookup.ClangEncodedEnumSummaryProvider


def _pointee(valobj):
    """What the pointer points to, with its synthetic children (as by value), or None."""
    target = valobj.GetNonSyntheticValue().Dereference()
    if not target.IsValid():
        return None
    synthetic = target.GetSyntheticValue()
    return synthetic if synthetic.IsValid() else target


def _is_enum(value):
    return lldb_lookup.classify_rust_type(value.GetType()) == RustType.ENUM


def ref_synthetic(valobj, internal_dict):
    """An enum's children as by value (the variant's fields); other pointers' as before (lldb's)."""
    target = _pointee(valobj)
    if target is None or not _is_enum(target):
        return lldb_lookup.DefaultSyntheticProvider(valobj, internal_dict)
    # the provider reads the enum's own members ($variants$), not its synthetic children
    return lldb_lookup.synthetic_lookup(target.GetNonSyntheticValue(), internal_dict)


def enum_summary(valobj, internal_dict):
    """The enum's summary, for the enum or a pointer to it; for a pointer to anything else, the
    summary its pointee has (a String's text), if any."""
    if not valobj.GetType().IsPointerType():
        return _enum_summary(valobj, internal_dict)
    target = _pointee(valobj)
    if target is None:
        return ""
    if _is_enum(target):
        return _enum_summary(target, internal_dict)
    return target.GetSummary() or ""


# the name lldb_lookup registers its enum summaries under, so they read pointers too
lldb_lookup.ClangEncodedEnumSummaryProvider = enum_summary
