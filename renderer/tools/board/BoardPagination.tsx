import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageState } from '@/stores/page';

interface BoardPaginationProps {
  pageNum: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
}

/** Spec §9 paging with quick jumper and size changer: antd's, loaded after the first view (the page is plain). */
export default function BoardPagination({ pageNum, pageSize, total, onChange }: BoardPaginationProps) {
  const { t } = useTranslation('board');
  const isMobile = usePageState((state) => state.isMobileSize);
  return (
    <Pagination
      className="board__pagination"
      current={pageNum}
      pageSize={pageSize}
      total={total}
      showQuickJumper
      showSizeChanger
      showTotal={(count) => t('total', { count })}
      size={isMobile ? 'small' : undefined}
      onChange={onChange}
    />
  );
}
