import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShelfBook } from './book-library.service';

export interface DeleteRequest {
  /** A new number per delete button press, so the same book asked twice opens twice. */
  id: number;
  book: ShelfBook;
}

/**
 * antd's confirm dialog for removing a book, loaded with the first press of a delete button
 * (`lazyWithAntd`) and kept mounted after, so the dialog's closing animation is not cut short.
 */
export default function DeleteConfirm({
  request,
  onAnswer,
}: {
  request: DeleteRequest;
  onAnswer: (book: ShelfBook, confirmed: boolean) => void;
}) {
  const { t } = useTranslation('book-library');
  const [modal, holder] = Modal.useModal();
  // One dialog per request: effects run twice in development and again when `onAnswer` changes.
  const asked = useRef(0);
  useEffect(() => {
    if (asked.current === request.id) return;
    asked.current = request.id;
    const { book } = request;
    const ask = async () => {
      const confirmed = await modal.confirm({
        title: t('remove.title', { title: book.title }),
        content: t('remove.content'),
        okText: t('remove.ok'),
        cancelText: t('remove.cancel'),
        okButtonProps: { danger: true },
      });
      onAnswer(book, confirmed);
    };
    void ask();
  }, [request, modal, onAnswer, t]);
  return holder;
}
