import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatFileSize } from '@/lib/format';
import { BookCover } from './BookCover';
import type { ShelfBook, ViewMode } from './book-library.service';
import { Button } from '@/components/Button';
import { Icon } from '@/components/Icon';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';

export interface BookShelfProps {
  books: readonly ShelfBook[];
  view: ViewMode;
  /** The reader's address for a book, in the page's language. */
  readerHref: (book: ShelfBook) => string;
  onDelete: (book: ShelfBook) => void;
}

function Progress({ book }: { book: ShelfBook }) {
  const { t } = useTranslation('book-library');
  if (book.progress === undefined) return <span className="bl-progress">{t('shelf.unread')}</span>;
  const percent = Math.round(book.progress);
  return (
    <span className="bl-progress" data-testid="book-progress">
      <span className="bl-progress__track" aria-hidden="true">
        <span className="bl-progress__bar" style={{ width: `${percent}%` }} />
      </span>
      {t('shelf.progress', { percent })}
    </span>
  );
}

function DeleteButton({ book, onDelete }: { book: ShelfBook; onDelete: (book: ShelfBook) => void }) {
  const { t } = useTranslation('book-library');
  const label = t('book.delete', { title: book.title });
  return (
    <Button
      type="text"
      size="small"
      icon={<Icon icon={DeleteOutlined} />}
      aria-label={label}
      title={label}
      onClick={() => onDelete(book)}
      data-testid="book-delete"
    />
  );
}

/**
 * The books as a grid of covers or a list of rows. Each book's title is a link to the reader (one
 * tab stop, opens with Enter, a new tab with Ctrl+click), its delete button the next tab stop.
 */
export function BookShelf({ books, view, readerHref, onDelete }: BookShelfProps) {
  const { t, i18n } = useTranslation('book-library');
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium' });
  const author = (book: ShelfBook) => book.creator || t('shelf.unknownAuthor');
  const item = (book: ShelfBook) => ({ 'data-testid': 'book', 'data-book-id': book.id, 'data-title': book.title });

  if (view === 'grid') {
    return (
      <ul className="bl-grid" data-testid="shelf" data-view="grid">
        {books.map((book) => (
          <li key={book.id} className="bl-card" {...item(book)}>
            <Link to={readerHref(book)} className="bl-card__open" data-testid="book-open">
              <BookCover book={book} />
              <span className="bl-card__title" data-testid="book-title">
                {book.title}
              </span>
              <span className="bl-card__author">{author(book)}</span>
            </Link>
            <div className="bl-card__footer">
              <Progress book={book} />
              <DeleteButton book={book} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="bl-list" data-testid="shelf" data-view="list">
      {books.map((book) => (
        <li key={book.id} className="bl-row" {...item(book)}>
          <Link to={readerHref(book)} className="bl-row__open" data-testid="book-open">
            <BookCover book={book} />
            <span className="bl-row__text">
              <span className="bl-row__title" data-testid="book-title">
                {book.title}
              </span>
              <span className="bl-row__author">{author(book)}</span>
            </span>
          </Link>
          <span className="bl-row__meta">
            <Tag className="bl-row__format">{book.type.toUpperCase()}</Tag>
            <Text type="secondary" className="bl-row__size">
              {formatFileSize(book.size)}
            </Text>
            <Text type="secondary" className="bl-row__date">
              {t('shelf.added', { date: date.format(book.createTime) })}
            </Text>
            <Progress book={book} />
          </span>
          <DeleteButton book={book} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}
