import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coverMissingIsError } from './book-library.service';
import type { ShelfBook } from './book-library.service';

/** Hue from the title, so a shelf of placeholders is not one grey wall and a book keeps its colour. */
function hue(title: string): number {
  let sum = 0;
  for (const char of title) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return sum;
}

/**
 * A book's cover, or a placeholder with its title. A cover that is missing or will not draw shows
 * the spec's '获取书籍封面出错!' on the placeholder (plain text never has a cover, so it gets none);
 * either way the book still opens.
 */
export function BookCover({ book }: { book: Pick<ShelfBook, 'title' | 'coverUrl' | 'type'> }) {
  const { t } = useTranslation('book-library');
  const [broken, setBroken] = useState(false);
  if (book.coverUrl && !broken) {
    return (
      <img
        className="bl-cover"
        src={book.coverUrl}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        data-testid="book-cover"
      />
    );
  }
  return (
    <div
      className="bl-cover bl-cover--placeholder"
      style={{ ['--bl-hue' as string]: hue(book.title) }}
      data-testid="book-cover-placeholder"
    >
      <span className="bl-cover__title" aria-hidden="true">
        {book.title}
      </span>
      {coverMissingIsError(book) ? (
        <span className="bl-cover__error" data-testid="cover-error">
          {t('import.coverError')}
        </span>
      ) : null}
    </div>
  );
}
