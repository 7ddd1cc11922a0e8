/**
 * Reviewer notes (`provenance.notes`, SPEC 5.1) as a server page shows them
 * (issue 27 item 6): the record keeps one paragraph, often thousands of
 * characters, so the page opens with its first sentence (which says where
 * the evidence comes from) and folds each further sentence under its
 * opening words. The text is the record's, sentence by sentence; only the
 * split is made here, by the sentence rules of Unicode (UAX #29, through
 * `Intl.Segmenter`), which do not break after `e.g.`, inside `2.0.5`, or
 * before a lower-case word.
 */

/** Notes at most this long are shown whole, with no fold. */
const SHORT_NOTES = 600;

/** A fold's label is the sentence up to its first colon, semicolon or comma when that comes within this many characters, else its first words. */
const LABEL_LENGTH = 90;

/** One folded sentence: its opening words as the label, and the whole sentence. */
interface NoteSection {
  label: string;
  text: string;
}

/** Notes ready to show: the summary, always visible, and the sentences that fold. */
export interface StructuredNotes {
  summary: string;
  sections: NoteSection[];
}

/** The sentences of a text, each trimmed, none empty. */
export function sentences(text: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  return [...segmenter.segment(text)].map((part) => part.segment.trim()).filter((part) => part !== '');
}

/** The label of a fold: the sentence's lead clause, or its first words and an ellipsis. */
function label(sentence: string): string {
  const stop = sentence.search(/[:;,(]/);
  if (stop > 12 && stop <= LABEL_LENGTH) return sentence.slice(0, stop).trim();
  if (sentence.length <= LABEL_LENGTH) return sentence.replace(/\.$/, '');
  const cut = sentence.lastIndexOf(' ', LABEL_LENGTH);
  return `${sentence.slice(0, cut > 20 ? cut : LABEL_LENGTH)}…`;
}

/**
 * Split reviewer notes into a summary and folds.
 * @param notes the record's `provenance.notes`, as written
 * @returns the whole text as the summary, with no fold, when it is short or one sentence
 */
export function structureNotes(notes: string): StructuredNotes {
  const all = sentences(notes);
  if (notes.length <= SHORT_NOTES || all.length <= 1) return { summary: notes.trim(), sections: [] };
  return { summary: all[0]!, sections: all.slice(1).map((text) => ({ label: label(text), text })) };
}
