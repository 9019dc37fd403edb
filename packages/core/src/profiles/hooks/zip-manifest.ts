import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

/** Reads one entry of a zip file (a jar), or undefined when it is not there. */
export async function readZipEntry(zipPath: string, name: string): Promise<Buffer | undefined> {
  const zip = await readFile(zipPath);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error(`${zipPath} is not a zip/jar file`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === name) {
      const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      return method === 0 ? data : inflate(data);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}

/** The Main-Class a jar's manifest names. */
export async function jarMainClass(jarPath: string): Promise<string | undefined> {
  const manifest = (await readZipEntry(jarPath, 'META-INF/MANIFEST.MF'))?.toString('utf8');
  // manifest lines wrap at 72 bytes with a leading space on continuation lines
  const unwrapped = manifest?.replace(/\r?\n /g, '');
  return unwrapped && /^Main-Class:\s*(\S+)/m.exec(unwrapped)?.[1];
}
