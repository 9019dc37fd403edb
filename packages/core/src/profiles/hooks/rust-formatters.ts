import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { which } from '../../which.js';
import { runCommand } from '../../process/run-command.js';
import { configDir } from '../loader.js';

const sysroots = new Map<string, Promise<string | undefined>>();

/**
 * lldb reads Rust's u8 and i8 as C's unsigned and signed char, and shows them as character
 * literals ('\n' for 10) and a pointer to one as a C string: in Rust they are numbers (a char
 * is char32_t, not touched).
 */
// -p -r: not a pointer or reference to one (an address stays an address); a pointer to a byte
// (&u8, &mut u8) is no C string: the byte it points to is its summary, not the text from there
const BYTES_AS_NUMBERS = [
  '?type format add -p -r --format unsigned "unsigned char"',
  '?type format add -p -r --format decimal "signed char"',
  '?type summary add --summary-string "-> ${*var}" "unsigned char *" "signed char *"',
];

/**
 * A Rust char reads as a Rust literal, once ('r', not `U+0x00000072 U'r'`), and an array of chars
 * as its items (lldb's C string runs past its end): see adapters-config/patches/dapgate_rust_chars.py.
 * The profile's `variables.summaryOnly` drops the code point lldb-dap puts before the summary.
 */
function charsAsLiterals(): string[] {
  return [
    `?command script import "${join(configDir(), 'patches', 'dapgate_rust_chars.py')}"`,
    '?type summary add -F dapgate_rust_chars.char_summary char32_t',
    '?type summary add -F dapgate_rust_chars.char_array_summary -x "^char32_t ?\\\\[[0-9]+\\\\]$"',
  ];
}

/**
 * lldb commands that load the Rust formatters shipped with the toolchain (Vec, String, Option,
 * HashMap read as values), after those that show bytes as numbers. The sysroot is asked of rustc
 * in the project's folder (a rust-toolchain file may pick another toolchain), once per folder.
 * No toolchain formatters when there is no rustc.
 */
export async function rustFormatterCommands(projectDir: string): Promise<string[]> {
  let sysroot = sysroots.get(projectDir);
  if (!sysroot) {
    sysroot = findSysroot(projectDir);
    sysroots.set(projectDir, sysroot);
  }
  const root = await sysroot;
  if (!root) return [...BYTES_AS_NUMBERS, ...charsAsLiterals()];
  const etc = join(root, 'lib', 'rustlib', 'etc');
  const lookup = join(etc, 'lldb_lookup.py');
  const commands = join(etc, 'lldb_commands');
  if (!(await isFile(lookup)) || !(await isFile(commands))) return [...BYTES_AS_NUMBERS, ...charsAsLiterals()];
  // `?`: lldb-dap prints these commands and their output only if one fails.
  return [...BYTES_AS_NUMBERS, fasterSessions(), `?command script import "${lookup}"`, `?command source -s 1 "${commands}"`, ...narrowCatchAll(), ...sizesWithoutPython(), ...enumsBehindReferences(), ...charsAsLiterals()];
}

/** lldb's Python session lines compiled once: see adapters-config/patches/dapgate_lldb_sessions.py. */
export function fasterSessions(): string {
  return `?command script import "${join(configDir(), 'patches', 'dapgate_lldb_sessions.py')}"`;
}

/**
 * The toolchain's commands send every type through a Python provider (`-x ".*"`) that only
 * sum-type enums, tuples, tuple structs and empty structs need; for a scalar, a plain struct or a
 * pointer it shows what lldb shows without one, at several Python calls per value and stop (most of
 * a Rust `variables` answer, so of a traced line). Narrowed to those types by a recognizer lldb
 * asks once per type (adapters-config/patches/dapgate_rust_recognizers.py): the catch-all removed,
 * the recognizer added (recognizers rank below the specific regexes, which keep their types).
 */
function narrowCatchAll(): string[] {
  return [
    `?command script import "${join(configDir(), 'patches', 'dapgate_rust_recognizers.py')}"`,
    '?type synthetic delete -w Rust ".*"',
    '?type synthetic add -l lldb_lookup.synthetic_lookup --recognizer-function dapgate_rust_recognizers.needs_provider --category Rust',
  ];
}

/**
 * Slices, Vec, VecDeque, HashMap and HashSet read `size=N` through a Python summary (one more
 * Python call per value and stop) that prints the synthetic child count: the same as an lldb
 * summary string, which replaces it (the same regexes as the toolchain's lldb_commands).
 */
function sizesWithoutPython(): string[] {
  const types = ['^&(mut )?\\\\[.+\\\\]$', '^(alloc::([a-z_]+::)+)Vec<.+>$', '^(alloc::([a-z_]+::)+)VecDeque<.+>$', '^(std::collections::([a-z_]+::)+)HashMap<.+>$', '^(std::collections::([a-z_]+::)+)HashSet<.+>$'];
  return types.map((regex) => '?type summary add --summary-string "size=${svar%#}" -e -x -h "' + regex + '" --category Rust');
}

/**
 * A reference to an enum reads as the enum does by value (its variant and fields), not as a bare
 * address or lldb's raw $variants$/$discr$ members; one to a Vec, map, String or slice as by value
 * (its items, not buf/len), and one to a &str as its text, not its bytes:
 * see adapters-config/patches/dapgate_rust_refs.py.
 * Only pointers to those (a recognizer): no other value gains a Python call.
 */
/** Rust's numbers, bool and char as lldb names them (C's names: `long` for i64/isize; see rust.json's typeNames). */
const PRIMITIVE = '((unsigned |signed )?(char|short|int|long|long long|__int128)|float|double|bool|char32_t)';

function enumsBehindReferences(): string[] {
  return [
    `?command script import "${join(configDir(), 'patches', 'dapgate_rust_refs.py')}"`,
    '?type synthetic add -l dapgate_rust_refs.ref_synthetic --recognizer-function dapgate_rust_recognizers.points_to_value --category Rust',
    // a reference to a &str (`&&str`, `&mut &str`, `Option<&&str>`) reads as its text, not its bytes
    '?type summary add -F dapgate_rust_refs.str_summary -e -x -h "^&(mut )?str$" --category Rust',
    // a reference to a number, bool or char (`&i32` from `xs.iter()`) shows what it points to, not only its address
    `?type summary add --summary-string "\${*var}" -x "^${PRIMITIVE} \\*$" --category Rust`,
  ];
}

async function findSysroot(cwd: string): Promise<string | undefined> {
  const rustc = await which('rustc');
  if (!rustc) return undefined;
  const r = await runCommand(rustc, ['--print', 'sysroot'], { cwd, timeoutMs: 30_000 });
  return r.ok ? r.stdout.trim() || undefined : undefined;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
