/**
 * Write a file so that readers see either the old content or the whole new
 * content, never half a file (SPEC 5.8). Parent directories are created.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * @param file destination path
 * @param content the whole new content (UTF-8 text)
 * @throws if the directory cannot be created or the write or rename fails; the destination is then unchanged
 */
export async function writeAtomic(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, content, { encoding: 'utf8' });
}
