// The "Words not used" table of docs/glossary.md, read for the tests of the web's and the server's texts (both sides check their own texts against the one table).
import type { Locale } from '../locale';

export interface UnusedWord {
  words: string[];
  locales: Locale[];
  pattern: RegExp;
  except: string[];
}

/** The rows of the glossary's "Words not used" table (`\|` is a pipe inside a cell). */
export function unusedWords(glossary: string): UnusedWord[] {
  const section = glossary.split('## Words not used')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (Not used|-)/.test(line))
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('\\|', '|')),
    )
    .map(([words = '', languages = '', pattern = '', , except = '']) => {
      const literal = /^`\/(.+)\/([a-z]*)`$/.exec(pattern);
      if (!literal) throw new Error(`Not a /pattern/ in docs/glossary.md: ${pattern}`);
      return {
        words: words.split(', '),
        locales: languages.split(', ') as Locale[],
        pattern: new RegExp(literal[1] ?? '', literal[2]),
        except: [...except.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''),
      };
    });
}

/** The text without the allowed phrases (whole words, exact case). */
export function withoutExceptions(text: string, except: readonly string[]): string {
  return except.reduce(
    (rest, phrase) =>
      rest.replace(
        new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'gu'),
        ' ',
      ),
    text,
  );
}

/** The words of the table that `text`, written in `locale`, says. */
export function unusedWordsIn(rows: readonly UnusedWord[], locale: Locale, text: string): string[] {
  return rows
    .filter((row) => row.locales.includes(locale))
    .flatMap((row) => row.pattern.exec(withoutExceptions(text, row.except))?.[0] ?? []);
}
