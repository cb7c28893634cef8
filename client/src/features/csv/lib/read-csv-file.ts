// How the Import dialog turns the chosen file into the text it sends.

/** Spec §5: the name must end in .csv. Case is ignored: Windows tools often write LISTINGS.CSV. */
export const isCsvFileName = (name: string) => /\.csv$/i.test(name);

/**
 * The file's text. Excel and Google Sheets write UTF-8; older Excel on Windows writes
 * Windows-1252, whose accented letters are not valid UTF-8, so such a file is read again as
 * Windows-1252 instead of reaching the server full of U+FFFD replacement characters. Nothing is
 * stripped: the server reads a byte-order mark itself.
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    // fatal: throws exactly where a lenient decode would put a replacement character.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252", { ignoreBOM: true }).decode(bytes);
  }
}
