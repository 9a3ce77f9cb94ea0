import zlib from 'node:zlib';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DEFLATE = 8;
/** General-purpose flag bit 3: sizes and CRC follow the data in a descriptor (archiver writes them so). */
const DESCRIPTOR_FLAG = 0x08;

/**
 * Rewrites some entries of a zip (an xlsx) and copies the others as they are, still compressed: stamping a workbook at
 * download touches a few XML files, so it need not parse and rebuild the whole workbook. `change` gets each entry's
 * name and answers a function from its old text to its new one, or nothing to keep it. Zip64 is not handled: a
 * report is far below 4 GB.
 */
export function patchZip(zip: Buffer, change: (name: string) => ((text: string) => string) | undefined): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || zip.readUInt32LE(end) !== END) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error('broken zip directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const central = Buffer.from(zip.subarray(at, at + 46 + nameLength + extraLength + commentLength));
    at += central.length;
    const rawName = central.subarray(46, 46 + nameLength);
    const name = rawName.toString('utf8');
    const method = central.readUInt16LE(10);
    const localAt = central.readUInt32LE(42);
    if (zip.readUInt32LE(localAt) !== LOCAL) throw new Error('broken zip entry');
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    let data = zip.subarray(dataAt, dataAt + central.readUInt32LE(20));
    const edit = change(name);
    if (edit) {
      const text = (method === DEFLATE ? zlib.inflateRawSync(data) : data).toString('utf8');
      const plain = Buffer.from(edit(text), 'utf8');
      data = method === DEFLATE ? zlib.deflateRawSync(plain, { level: 6 }) : plain;
      central.writeUInt32LE(zlib.crc32(plain), 16);
      central.writeUInt32LE(plain.length, 24);
    }
    // Sizes and CRC go into the local header, so no data descriptor follows the data.
    central.writeUInt16LE(central.readUInt16LE(8) & ~DESCRIPTOR_FLAG, 8);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(offset, 42);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    central.copy(local, 4, 6, 28); // version needed … uncompressed size: the same fields in the same order
    local.writeUInt16LE(nameLength, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.concat([local, rawName]);
    locals.push(header, data);
    centrals.push(central);
    offset += header.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(END, 0);
  tail.writeUInt16LE(count, 8);
  tail.writeUInt16LE(count, 10);
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, tail]);
}
