"""A Rust reference or pointer to an enum reads as the enum does by value: its variant and fields.

The toolchain's lldb_lookup recognizes a sum-type enum (first field $variants$) when its synthetic
provider meets a value of the type, and then adds a summary for that type name, which lldb also
applies to pointers to the type, with the pointer as the value (it read the variant's name only).
A pointer's synthetic provider saw a pointer (no enum): its children were the raw
$variants$/$discr$ members, and a reference to an enum never met by value had a bare address.
Loaded by dapgate after lldb_lookup, for the pointer types whose pointee has a Rust path or is a
tuple (which the narrowed catch-all synthetic provider already covered: no value gains a call).
"""
import lldb_lookup
from rust_types import RustType

_enum_summary = lldb_lookup.ClangEncodedEnumSummaryProvider


def _points_to_enum(valobj):
    pointee = valobj.GetType().GetPointeeType()
    return pointee.IsValid() and lldb_lookup.classify_rust_type(pointee) == RustType.ENUM


def ref_synthetic(valobj, internal_dict):
    """An enum's children as by value (the variant's fields); other pointers' as before (lldb's).
    Meeting the enum adds its summary (lldb_lookup), which the pointer then shows."""
    if not _points_to_enum(valobj):
        return lldb_lookup.DefaultSyntheticProvider(valobj, internal_dict)
    # the provider reads the enum's own members ($variants$), not its synthetic children
    target = valobj.GetNonSyntheticValue().Dereference().GetNonSyntheticValue()
    return lldb_lookup.synthetic_lookup(target, internal_dict)


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
