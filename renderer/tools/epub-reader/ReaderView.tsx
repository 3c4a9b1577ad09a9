import {
  ArrowLeftOutlined,
  BookOutlined,
  CloseOutlined,
  FontSizeOutlined,
  LeftOutlined,
  RightOutlined,
  SearchOutlined,
  StarOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Alert, Button, Grid, Slider, Spin, Tooltip } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/LinkButton';
import { Text } from '@/components/Text';
import { toast } from '@/lib/notify';
import { readerStorage, StorageError } from '@/platform/storage';
import type { StoredBook, StoredBookmark, StoredLocation } from '@/platform/storage';
import type { FootnoteRender } from 'foliate-js/footnotes.js';
import type { RelocateDetail, RendererRelocateDetail, TocItem, View } from 'foliate-js/view.js';
import { bookSync } from './book-sync';
import { SyncPausedHint } from './SyncPausedHint';
import { searchBook, SearchMarks } from './book-search';
import type { BookSync } from './book-sync';
import type { BookSyncPlan } from './reading-sync';
import { openStoredBook } from './open-book';
import { ownMoves } from './own-moves';
import {
  addSearchGroup,
  bookmarkExcerpt,
  hasBookmarkAt,
  MAX_SEARCH_HITS,
  toProgress,
  withBookmark,
  withoutBookmark,
} from './epub-reader.service';
import { readerCss, THEME_COLORS } from './reader-settings';
import type { ReaderSettings } from './reader-settings';
import { useReaderSettings } from './reader-store';
import { BookmarksDrawer, ContentsDrawer, SearchDrawer, SettingsDrawer } from './ReaderDrawers';
import type { DrawerName, SearchState } from './ReaderDrawers';

const EMPTY_SEARCH: SearchState = { query: '', running: false, percent: 0, groups: [], full: false };

/** foliate's layout attributes for the settings: side margins, and two columns only where a spread fits. */
function applySettings(view: View, settings: ReaderSettings) {
  view.renderer.setStyles(readerCss(settings));
  view.renderer.setAttribute('flow', settings.flow);
  view.renderer.setAttribute('gap', `${settings.margin}%`);
  view.renderer.setAttribute('max-inline-size', '760px');
  view.renderer.setAttribute('max-column-count', '2');
}

/**
 * Writes the reading location without queueing a write per page: while one is under way only the
 * newest location waits, so fast page turns cost at most two writes. `onSaved` hears each one written.
 */
function locationWriter(bookId: string, onSaved: (location: StoredLocation) => void) {
  let pending: RelocateDetail | undefined;
  let writing = false;
  const flush = async () => {
    writing = true;
    while (pending) {
      const { cfi, fraction } = pending;
      pending = undefined;
      const location = { id: bookId, cfi, progress: toProgress(fraction), updateTime: Date.now() };
      await readerStorage.locations.put(location).then(
        () => onSaved(location),
        () => undefined,
      );
    }
    writing = false;
  };
  return (location: RelocateDetail) => {
    pending = location;
    if (!writing) void flush();
  };
}

/**
 * How long opening waits for the account's place of the book before showing this browser's; an
 * answer that comes later still moves the reader there unless the reader moved meanwhile.
 */
const SYNC_WAIT_MS = 1500;

/** What the reader does that may move the page, in the page and in each chapter's own frame (its events stay there). */
const TOUCHES = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

const isTyping = (target: EventTarget | null) =>
  target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]') !== null;

/** The open book: foliate's view, the toolbar, the progress bar, the drawers and the footnote pop-up. */
export function ReaderView({ book, libraryHref, onOpenOther }: { book: StoredBook; libraryHref: string; onOpenOther: () => void }) {
  const { t } = useTranslation('epub-reader');
  const mobile = !(Grid.useBreakpoint().md ?? true);
  const settings = useReaderSettings();
  const hostRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const footnoteRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View | undefined>(undefined);
  const settingsRef = useRef(settings);
  const [status, setStatus] = useState<'opening' | 'ready' | 'failed'>('opening');
  const [location, setLocation] = useState<RelocateDetail>();
  const [progress, setProgress] = useState(0);
  const [toc, setToc] = useState<TocItem[]>([]);
  const [bookmarks, setBookmarks] = useState<StoredBookmark[]>([]);
  const [drawer, setDrawer] = useState<DrawerName | null>(null);
  const [footnote, setFootnote] = useState(false);
  const [search, setSearch] = useState<SearchState>(EMPTY_SEARCH);
  const searchAbort = useRef<AbortController | undefined>(undefined);
  const marksRef = useRef<SearchMarks | undefined>(undefined);
  const drawerRef = useRef(drawer);
  const syncRef = useRef<BookSync | undefined>(undefined);
  // The account refused a background sync (the session ended): reading goes on, the hint says so.
  const [syncPaused, setSyncPaused] = useState(false);
  // Set once the reader moves (a turn, a jump, the slider, a swipe, a scroll): a late answer from the
  // account no longer moves the page then. foliate's own relocations while the book opens do not set it.
  const movedRef = useRef(false);
  // Listeners foliate holds (keys, footnotes) read the newest settings and drawer through these.
  useLayoutEffect(() => {
    settingsRef.current = settings;
    drawerRef.current = drawer;
  });

  // On a desktop the reader fills the window below the site's header; on a phone it covers the screen (CSS).
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const fit = () => frame.style.setProperty('--er-top', `${Math.max(0, frame.getBoundingClientRect().top + window.scrollY)}px`);
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);

  const turn = useCallback((direction: 'left' | 'right' | 'prev' | 'next' | 'start' | 'end') => {
    const view = viewRef.current;
    if (!view) return;
    movedRef.current = true;
    const moves = {
      left: () => view.goLeft(),
      right: () => view.goRight(),
      prev: () => view.prev(),
      next: () => view.next(),
      start: () => view.goTo(0),
      end: () => view.goToFraction(1),
    };
    void Promise.resolve(moves[direction]()).catch(() => undefined);
  }, []);

  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (drawerRef.current || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const direction = (
        {
          ArrowLeft: 'left',
          ArrowRight: 'right',
          ArrowUp: 'prev',
          PageUp: 'prev',
          ArrowDown: 'next',
          PageDown: 'next',
          ' ': event.shiftKey ? 'prev' : 'next',
          Home: 'start',
          End: 'end',
        } as const
      )[event.key];
      if (!direction) return;
      // In scrolled mode the arrow keys scroll the chapter as in any page.
      if (settingsRef.current.flow === 'scrolled' && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) return;
      event.preventDefault();
      turn(direction);
    },
    [turn],
  );

  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onKey]);

  // Opens the book; everything foliate made goes with it when the book changes or the page closes.
  useEffect(() => {
    let closed = false;
    let view: View | undefined;
    const sync = bookSync(book.id, { onPaused: () => !closed && setSyncPaused(true) });
    syncRef.current = sync;
    movedRef.current = false;
    const save = locationWriter(book.id, (location) => sync.location(location));
    const moves = ownMoves();
    TOUCHES.forEach((type) => window.addEventListener(type, moves.touched, { capture: true, passive: true }));
    const showBookmarks = () =>
      readerStorage
        .bookmarksOf(book.id)
        .then((list) => !closed && setBookmarks(list))
        .catch(() => undefined);
    void showBookmarks();
    const savedAtOpen = readerStorage.locations.get(book.id).catch(() => undefined);
    // Until the reader moves, this browser's place is the one it had at opening: the page opening
    // there writes the place again, and that must not count as newer than the account's.
    const pulled = sync.pull(() => (movedRef.current ? readerStorage.locations.get(book.id) : savedAtOpen));
    const applyPlan = async (plan: BookSyncPlan) => {
      await sync.apply(plan).catch(() => undefined);
      if (!closed) await showBookmarks();
    };
    const open = async () => {
      const [{ FootnoteHandler }, foliateBook, saved] = await Promise.all([
        import('foliate-js/footnotes.js'),
        openStoredBook(book),
        savedAtOpen,
        import('foliate-js/view.js'),
      ]);
      if (closed) return;
      const early = await Promise.race([pulled, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SYNC_WAIT_MS))]);
      if (closed) return;
      view = document.createElement('foliate-view') as View;
      viewRef.current = view;
      hostRef.current!.append(view);
      await view.open(foliateBook);
      if (closed) return;
      marksRef.current = new SearchMarks(view);
      applySettings(view, settingsRef.current);
      const footnotes = new FootnoteHandler();
      footnotes.addEventListener('before-render', (event) => {
        const { view: note } = (event as FootnoteRender).detail;
        footnoteRef.current?.replaceChildren(note);
        note.renderer.setAttribute('flow', 'scrolled');
        note.renderer.setAttribute('margin', '0px');
        note.renderer.setAttribute('gap', '5%');
        note.renderer.setStyles(readerCss(settingsRef.current));
      });
      footnotes.addEventListener('render', () => setFootnote(true));
      view.addEventListener('link', (event) => void footnotes.handle(foliateBook, event)?.catch(() => undefined));
      view.addEventListener('relocate', (event) => {
        const detail = (event as CustomEvent<RelocateDetail>).detail;
        setLocation(detail);
        setProgress(toProgress(detail.fraction));
        save(detail);
      });
      // Swipes, scrolling and selections move the page inside foliate, past turn(); only its renderer's
      // event says why it moved. foliate's view has made its own 'relocate' (with the CFI) from it by now.
      const opened = view;
      view.renderer.addEventListener('relocate', (event) => {
        if (moves.relocated((event as CustomEvent<RendererRelocateDetail>).detail.reason, opened.lastLocation?.cfi))
          movedRef.current = true;
      });
      view.addEventListener('load', (event) => {
        const { doc } = (event as CustomEvent<{ doc: Document }>).detail;
        doc.addEventListener('keydown', onKey);
        TOUCHES.forEach((type) => doc.addEventListener(type, moves.touched, { passive: true }));
        // Tap zones: the outer thirds turn the page, the middle is left for reading and selecting.
        doc.addEventListener('click', (click) => {
          const target = view;
          const frame = doc.defaultView?.frameElement;
          if (click.defaultPrevented || !target || !frame || doc.getSelection()?.toString()) return;
          const box = target.getBoundingClientRect();
          const at = (frame.getBoundingClientRect().left + click.clientX - box.left) / box.width;
          if (at < 0.3) turn('left');
          else if (at > 0.7) turn('right');
        });
      });
      setToc(foliateBook.toc ?? []);
      const plan = early === 'late' ? undefined : early;
      await view.init({ lastLocation: plan?.location?.cfi ?? saved?.cfi });
      if (plan) void applyPlan(plan);
      else
        void pulled.then(async (late) => {
          if (!late || closed) return;
          if (late.location && !movedRef.current) await view?.goTo(late.location.cfi).catch(() => undefined);
          await applyPlan(late);
        });
      if (!closed) setStatus('ready');
    };
    open().catch(() => !closed && setStatus('failed'));
    const leave = () => sync.leave();
    window.addEventListener('pagehide', leave);
    return () => {
      closed = true;
      window.removeEventListener('pagehide', leave);
      TOUCHES.forEach((type) => window.removeEventListener(type, moves.touched, { capture: true }));
      sync.leave();
      sync.stop();
      syncRef.current = undefined;
      searchAbort.current?.abort();
      marksRef.current?.detach();
      marksRef.current = undefined;
      view?.close();
      view?.remove();
      viewRef.current = undefined;
    };
  }, [book, onKey, turn]);

  useEffect(() => {
    if (status === 'ready' && viewRef.current) applySettings(viewRef.current, settings);
  }, [settings, status]);

  // A search stops when its drawer closes (a hit was chosen, or the reader went back to the book).
  const closeDrawer = useCallback(() => {
    if (searchAbort.current && !searchAbort.current.signal.aborted) {
      searchAbort.current.abort();
      setSearch((old) => ({ ...old, running: false }));
    }
    setDrawer(null);
  }, []);

  const jump = useCallback(
    (target: string) => {
      movedRef.current = true;
      closeDrawer();
      void viewRef.current?.goTo(target);
    },
    [closeDrawer],
  );

  const addBookmark = useCallback(async () => {
    const cfi = location?.cfi;
    if (!cfi) return;
    const content = bookmarkExcerpt(location.range?.toString() || location.tocItem?.label || '');
    try {
      const added = await readerStorage.addBookmark({ bookId: book.id, cfi, content, createTime: Date.now() });
      setBookmarks((list) => withBookmark(list, added));
      syncRef.current?.bookmarkAdded(added);
      toast.success(t('bookmarks.added'));
    } catch (error) {
      if (error instanceof StorageError && error.code === 'exists') toast.warning(t('bookmarks.exists'));
      else if (error instanceof StorageError && error.code === 'quota') toast.error(t('errors.quota'));
      else toast.error(t('errors.saveFailed', { message: error instanceof Error ? error.message : String(error) }));
    }
  }, [book.id, location, t]);

  const removeBookmark = useCallback(
    async (bookmark: StoredBookmark) => {
      await readerStorage.bookmarks.delete(bookmark.id);
      setBookmarks((list) => withoutBookmark(list, bookmark.id));
      syncRef.current?.bookmarkRemoved(bookmark);
      toast.success(t('bookmarks.removed'));
    },
    [t],
  );

  const runSearch = useCallback(async () => {
    const view = viewRef.current;
    const query = search.query.trim();
    searchAbort.current?.abort();
    marksRef.current?.clear();
    if (!view || !query) return;
    const abort = new AbortController();
    searchAbort.current = abort;
    setSearch((old) => ({ ...old, running: true, percent: 0, groups: [], full: false, searched: query }));
    let groups: SearchState['groups'] = [];
    // Stopping, a new query or closing the drawer ends the loop, which ends the search.
    for await (const result of searchBook(view, query, MAX_SEARCH_HITS)) {
      if (abort.signal.aborted) break;
      if ('progress' in result) setSearch((old) => ({ ...old, percent: Math.round(result.progress * 100) }));
      else {
        const next = addSearchGroup(groups, { label: result.label, hits: result.hits });
        if (next.groups.length > groups.length) marksRef.current?.add(result.index, next.groups.at(-1)!.hits);
        groups = next.groups;
        setSearch((old) => ({ ...old, groups, full: next.full }));
        if (next.full) break;
      }
    }
    if (searchAbort.current === abort) setSearch((old) => ({ ...old, running: false }));
  }, [search.query]);

  const cancelSearch = useCallback(() => {
    searchAbort.current?.abort();
    setSearch((old) => ({ ...old, running: false }));
  }, []);

  // A changed query makes the running search's results stale: it stops, they stay until the next Enter.
  const changeQuery = useCallback(
    (query: string) => {
      if (query.trim() !== search.searched) searchAbort.current?.abort();
      setSearch((old) => ({ ...old, query, running: old.running && query.trim() === old.searched }));
    },
    [search.searched],
  );

  const colors = THEME_COLORS[settings.theme];
  const marked = hasBookmarkAt(bookmarks, location?.cfi);
  const tool = (name: DrawerName, icon: ReactNode) => (
    <Tooltip title={t(`toolbar.${name}`)}>
      <Button
        type="text"
        icon={icon}
        aria-label={t(`toolbar.${name}`)}
        onClick={() => setDrawer(name)}
        data-testid={`reader-open-${name}`}
      />
    </Tooltip>
  );

  return (
    <div
      ref={frameRef}
      className={`er-reader er-reader--${settings.theme}`}
      style={{ background: colors.background, color: colors.text }}
      data-testid="reader"
      data-status={status}
    >
      <header className="er-toolbar">
        <Tooltip title={t('toolbar.back')}>
          <LinkButton type="text" to={libraryHref} icon={<ArrowLeftOutlined />} aria-label={t('toolbar.back')} data-testid="reader-back" />
        </Tooltip>
        <Text className="er-toolbar__title" ellipsis title={book.title} data-testid="reader-title">
          {book.title}
        </Text>
        <div className="er-toolbar__tools">
          {tool('contents', <UnorderedListOutlined />)}
          <Tooltip title={t('toolbar.addBookmark')}>
            <Button
              type="text"
              icon={<StarOutlined />}
              aria-label={t('toolbar.addBookmark')}
              aria-pressed={marked}
              className={marked ? 'er-toolbar__marked' : undefined}
              disabled={status !== 'ready'}
              onClick={() => void addBookmark()}
              data-testid="reader-add-bookmark"
            />
          </Tooltip>
          {tool('bookmarks', <BookOutlined />)}
          {tool('search', <SearchOutlined />)}
          {tool('settings', <FontSizeOutlined />)}
        </div>
      </header>
      {syncPaused ? <SyncPausedHint /> : null}
      <div className="er-stage">
        <div
          ref={hostRef}
          className="er-host"
          style={{ background: colors.background, colorScheme: colors.scheme }}
          data-testid="reader-host"
        />
        {status === 'opening' && (
          <div className="er-overlay">
            <Spin tip={t('opening', { title: book.title })}>
              <div className="er-overlay__spin" />
            </Spin>
          </div>
        )}
        {status === 'failed' && (
          <div className="er-overlay">
            <Alert
              type="error"
              showIcon
              message={t('errors.render', { title: book.title })}
              action={<Button onClick={onOpenOther}>{t('toolbar.openOther')}</Button>}
              data-testid="reader-error"
            />
          </div>
        )}
      </div>
      <footer className="er-footer">
        <Button type="text" icon={<LeftOutlined />} aria-label={t('toolbar.prev')} onClick={() => turn('left')} data-testid="reader-prev" />
        <Slider
          className="er-footer__slider"
          min={0}
          max={100}
          value={progress}
          onChange={setProgress}
          onChangeComplete={(value) => {
            movedRef.current = true;
            void viewRef.current?.goToFraction(value / 100);
          }}
          tooltip={{ formatter: (value) => `${value}%` }}
          aria-label={t('toolbar.progress')}
          disabled={status !== 'ready'}
        />
        <span className="er-footer__percent" data-testid="reader-progress">
          {progress}%
        </span>
        <Button
          type="text"
          icon={<RightOutlined />}
          aria-label={t('toolbar.next')}
          onClick={() => turn('right')}
          data-testid="reader-next"
        />
      </footer>
      <div
        className={`er-footnote${footnote ? ' er-footnote--open' : ''}`}
        role="dialog"
        aria-label={t('footnote')}
        aria-hidden={!footnote}
      >
        <div className="er-footnote__head">
          <Text strong>{t('footnote')}</Text>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('close')} onClick={() => setFootnote(false)} />
        </div>
        <div ref={footnoteRef} className="er-footnote__body" style={{ background: colors.background }} data-testid="reader-footnote" />
      </div>
      <ContentsDrawer
        open={drawer === 'contents'}
        mobile={mobile}
        onClose={() => setDrawer(null)}
        toc={toc}
        current={location?.tocItem?.href}
        onJump={jump}
      />
      <BookmarksDrawer
        open={drawer === 'bookmarks'}
        mobile={mobile}
        onClose={() => setDrawer(null)}
        bookmarks={bookmarks}
        onJump={jump}
        onRemove={(bookmark) => void removeBookmark(bookmark)}
      />
      <SearchDrawer
        open={drawer === 'search'}
        mobile={mobile}
        onClose={closeDrawer}
        search={search}
        onQuery={changeQuery}
        onSearch={() => void runSearch()}
        onCancel={cancelSearch}
        onJump={jump}
      />
      <SettingsDrawer open={drawer === 'settings'} mobile={mobile} onClose={() => setDrawer(null)} />
    </div>
  );
}
