import { Modal } from 'antd';
import { useEffect, useRef } from 'react';

export interface ConfirmRequest {
  /** A new number per press, so the same question asked twice opens twice. */
  id: number;
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

/**
 * antd's confirm dialog for the storage and gallery tabs' deletes, loaded with the first press of a
 * delete button (`lazyWithAntd`) and kept mounted after, so its closing animation is not cut short.
 */
export default function ConfirmDialog({
  request,
  onAnswer,
}: {
  request: ConfirmRequest;
  onAnswer: (id: number, confirmed: boolean) => void;
}) {
  const [modal, holder] = Modal.useModal();
  // One dialog per request: effects run twice in development and again when `onAnswer` changes.
  const asked = useRef(0);
  useEffect(() => {
    if (asked.current === request.id) return;
    asked.current = request.id;
    const ask = async () => {
      const confirmed = await modal.confirm({
        title: request.title,
        content: request.content,
        okText: request.okText,
        cancelText: request.cancelText,
        okButtonProps: { danger: true },
      });
      onAnswer(request.id, confirmed);
    };
    void ask();
  }, [request, modal, onAnswer]);
  return holder;
}
