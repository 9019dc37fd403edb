import { z } from 'zod';
import { regexp } from './regexp.js';

/** A profile's `variables`: how the adapter shows variables, and what listings, summaries and paths make of them. */
export const VariablesSpec = z
  .object({
    /**
     * How the adapter names arguments when the frame's code has no local variable table (java-debug:
     * `arg0`, `arg1`, ... and no other locals): a regexp of those names and what to tell the agent.
     */
    positionalArguments: z.object({ names: regexp(), note: z.string() }).optional(),
    /**
     * A regexp of the name the adapter gives a variable that has none (lldb-dap's `<null>`: a Rust
     * parameter that is a pattern or `_`, a C parameter left unnamed): shown as `(unnamed)`, not as a name.
     */
    unnamed: regexp().optional(),
    /** Variable names the adapter adds as groups (not program state), hidden from listings. */
    hideNames: z.array(z.string()).default([]),
    /** A regexp of names hidden from listings unless asked for by name. */
    hidePattern: regexp().optional(),
    /** Scopes whose names match this regexp are not shown unless asked for (e.g. globals). */
    secondaryScopes: regexp().optional(),
    /**
     * A scope name that marks the frame's function as compiled with optimizations (delve:
     * "Locals (warning: optimized function)"): the adapter may read stale values there, and answers say so.
     */
    optimizedScope: regexp().optional(),
    /** A child that holds a collection's size (debugpy: "len()"); shown as the size, not as a member. */
    lengthChild: z.string().optional(),
    /** The type of children that group further items (debugpy: "MoreItemsRange"); paths search inside them. */
    rangeGroupType: z.string().optional(),
    /** Types left out of the one-line locals summary at a stop (e.g. functions); full variable listings still show them. */
    summaryHideTypes: z.array(z.string()).default([]),
    /** The name of the one child that stands for a pointer's target (delve: ""); paths pass through it. */
    pointerChild: z.string().optional(),
    /** Types whose value says it all (Java's String): their internals are not expanded. */
    opaqueTypes: z.array(z.string()).default([]),
    /** A regexp of values left out of the locals summary (js-debug's functions `ƒ ...`, module objects). */
    summaryHideValues: regexp().optional(),
    /**
     * How the adapter shows a map's entries (js-debug: children holding `key` and `value`): a path
     * segment (`byKey["b"]`) then finds the entry whose key is that and walks into its value.
     */
    mapEntry: z.object({ key: z.string(), value: z.string() }).optional(),
    /**
     * Noise in a scope listing (imported modules, dunder names): left out unless asked for by
     * name, and counted with their names so the answer says what was hidden.
     */
    noiseTypes: z.array(z.string()).default([]),
    noisePattern: regexp().optional(),
    /**
     * A regexp of values that name only a kind of object, with no preview of what it holds (js-debug's
     * return values: `Object`, `Array(2)`): such a value is shown with its first members instead,
     * after its kind unless it matches the group `plain`; a match with the group `array` with its
     * indexed items (`Array(3) [2, 4, 6]`). Values without members are never expanded.
     */
    bareValue: regexp().optional(),
    /**
     * A class instance named only by its class (js-debug's return values: `Box`): expanded like a
     * bare value, after its class (`Box {items: …}`), for variables whose name matches `names` only
     * (elsewhere such a name is the adapter's whole description: `this=Module`, `global`).
     */
    bareInstance: z.object({ value: regexp(), names: regexp() }).strict().optional(),
    /**
     * A value the adapter cut short (lldb-dap's summary built from children: `{x:9, ...}`), with
     * groups `shown` (the part kept) and `head` (before the braces): changes are then told from
     * its children (see core/src/trace/cut-summary.ts).
     */
    cutSummary: regexp().optional(),
    /** Group children the adapter puts functions and classes under (debugpy): listed by name, under a label. */
    nameGroups: z.record(z.string()).default({}),
    /**
     * The language's names for types the adapter names in another language's words (lldb shows
     * Rust's integers as C's: `unsigned char` -> `u8`): whole words replaced in every type shown,
     * longest first; a C name that stands for two Rust types names both (`u64/usize`).
     */
    typeNames: z.record(z.string()).default({}),
    /**
     * A pointer whose shown value may hide a failed read (lldb shows `0x3130 ""` for a char
     * pointer into unmapped memory, such as bits of data stored in a pointer's place): `value`
     * matches such values; when the pointer's one child matches `child` (the adapter's read
     * error), the value is reported as unreadable instead.
     */
    unreadablePointer: z.object({ value: z.string(), child: z.string() }).optional(),
    /**
     * The value the adapter gives in place of one it could not read at this stop (lldb-dap:
     * `<error: variable not available>`, `<error: could not evaluate DW_OP_entry_value: …>` for a
     * parameter of an optimized function after its register was reused): group `reason`, the
     * adapter's why. Shown as `<unreadable: reason>`, never expanded, and never a change of the
     * variable (a trace says `xs: (unreadable here)`, a step lists it apart from what changed).
     */
    unreadableValue: regexp().optional(),
    /**
     * The value the adapter shows for a variable its formatter could not read (lldb: only the
     * type and address, `alloc::string::String @ 0x7ffe...`, when the Rust formatter failed on
     * junk such as a String not set yet). Checked for `opaqueTypes` only, whose formatter always
     * gives a value: such a variable is reported as unreadable, and never expanded.
     */
    unformattedValue: regexp().optional(),
    /**
     * At most this many children per `variables` request when the adapter did not say how many a
     * value has (an evaluate result): an adapter that lists every child a formatter claims
     * (lldb-dap: 4294967295 for a Vec holding junk) would otherwise never answer again.
     */
    childPage: z.number().int().positive().optional(),
    /**
     * An item's value when the adapter could not read its memory (delve: `(unreadable ...)`):
     * a collection that claims more than 10,000 items whose first is such is junk (a slice header
     * not set yet, a stale slot in an optimized frame), reported as unreadable. Default: the
     * `unreadablePointer` child pattern.
     */
    unreadableItem: regexp().optional(),
    /**
     * Where the adapter's value states a collection's length (and capacity), a regexp with named
     * groups `len` (and `cap`): a length over the capacity, or over the bytes a 64-bit address
     * space holds (2^47), is a header of junk (a stale slot in an optimized frame) even when its
     * pointer reads, and the value is reported as unreadable (delve: `[]T len: N, cap: M, [...]`).
     */
    impossibleCount: regexp().optional(),
    /**
     * Values of these types (in the language's words, after `typeNames`) that the adapter gives as
     * a raw form and then its summary (lldb-dap: a Rust char's code point, then its literal,
     * `U+0x00000072 'r'`): the regexp's group `summary` is the value shown.
     */
    summaryOnly: z.object({ types: z.array(z.string()), value: regexp() }).optional(),
  })
  .default({});
