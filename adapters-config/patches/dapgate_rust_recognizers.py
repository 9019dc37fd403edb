"""Which Rust types need the toolchain's Python synthetic provider, asked once per type.

The toolchain's lldb_commands send every type through lldb_lookup.synthetic_lookup (`-x ".*"`);
dapgate narrowed that to names with a path or a tuple's parenthesis, which still took every struct,
and every pointer to one, through Python at every stop: a value's provider, its update, child
count and each child read is a Python call, and each call enters a Python session (~0.2 ms).
For a plain struct (named fields, not an enum, tuple or known std type) the provider shows its
fields as lldb does without one, and a pointer gets lldb_lookup's pass-through provider; so these
recognizers (called once per type name, lldb caches the answer) keep the provider for the types it
changes and leave plain structs and pointers to lldb, showing the same values.
"""
import lldb_lookup
from rust_types import RustType

# lldb_lookup.synthetic_lookup gives these StructSyntheticProvider (fields by name, as lldb shows
# them) and DefaultSyntheticProvider (lldb's own children passed through)
_SHOWN_AS_LLDB_DOES = (RustType.STRUCT, RustType.OTHER)


def needs_provider(sbtype, internal_dict):
    """A struct, union or tuple type the toolchain's provider shows differently from lldb."""
    return lldb_lookup.classify_rust_type(sbtype) not in _SHOWN_AS_LLDB_DOES


# Types the toolchain's provider shows as a value (a Vec's items, a map's entries, an enum's
# variant), where a pointer to one showed the raw fields (buf, len; $variants$): dapgate_rust_refs
# shows a pointer to one as the value. Here, not there: lldb imports that module again later, and
# a module imported from this one would be read twice.
SHOWN_BY_PROVIDER = frozenset({
    RustType.ENUM, RustType.STD_STRING, RustType.STD_OS_STRING, RustType.STD_STR, RustType.STD_SLICE,
    RustType.STD_VEC, RustType.STD_VEC_DEQUE, RustType.STD_HASH_MAP, RustType.STD_HASH_SET,
    RustType.STD_RC, RustType.STD_ARC, RustType.STD_CELL, RustType.STD_REF, RustType.STD_REF_MUT,
    RustType.STD_REF_CELL, RustType.STD_PATHBUF,
})


def points_to_value(sbtype, internal_dict):
    """A pointer or reference to a Rust sum-type enum or to a std type the toolchain's provider shows
    as a value: a Vec, a map, a String (see dapgate_rust_refs)."""
    if not sbtype.IsPointerType():
        return False
    pointee = sbtype.GetPointeeType()
    return pointee.IsValid() and lldb_lookup.classify_rust_type(pointee) in SHOWN_BY_PROVIDER


# An enum's provider reads its variant's fields through the variant struct's synthetic value,
# which a plain variant struct (`Rect { w, h }`) no longer has: it then reads the struct itself,
# preferring synthetic children as that value did (its fields the same, `Rect{w:3, h:4}`).
_enum_update = lldb_lookup.ClangEncodedEnumProvider.update


def _enum_update_plain_variants(self):
    _enum_update(self)
    if not self.value.IsValid():
        value = self.variant.GetChildMemberWithName(lldb_lookup.ClangEncodedEnumProvider.VALUE_MEMBER_NAME)
        value.SetPreferSyntheticValue(True)
        self.value = value


if not getattr(_enum_update, "dapgate", False):
    _enum_update_plain_variants.dapgate = True
    lldb_lookup.ClangEncodedEnumProvider.update = _enum_update_plain_variants
