import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createNavigationController } from './navigation-controller';
import type { Prepare } from './navigation-controller';

/** A preparation the test finishes by hand: `finish(path, redirect?)` or `fail(path, error)`. */
function manualPrepare() {
  const waiting = new Map<string, { resolve: (redirect: string | undefined) => void; reject: (error: unknown) => void }>();
  const prepare: Prepare = (location) =>
    new Promise((resolve, reject) => waiting.set(`${location.pathname}${location.search}`, { resolve, reject }));
  const settle = async (action: () => void) => {
    action();
    // Let the controller's awaits run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    prepare,
    finish: (path: string, redirect?: string) => settle(() => waiting.get(path)!.resolve(redirect)),
    fail: (path: string, error: unknown) => settle(() => waiting.get(path)!.reject(error)),
    asked: () => [...waiting.keys()],
  };
}

function setUp(start = '/') {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [start], v5Compat: true });
  const preparation = manualPrepare();
  const leave = vi.fn();
  const controller = createNavigationController(history, preparation.prepare, leave);
  void controller.start();
  const shown = () => controller.getSnapshot().committed?.location.pathname;
  return { history, controller, leave, shown, ...preparation };
}

describe('navigation controller', () => {
  it('opens the first address once it is prepared, and shows nothing before', async () => {
    const { controller, finish, shown } = setUp('/file/hasher');
    expect(controller.getSnapshot()).toEqual({ pending: true });
    await finish('/file/hasher');
    expect(shown()).toBe('/file/hasher');
    expect(controller.getSnapshot().pending).toBe(false);
    expect(controller.getSnapshot().committed?.action).toBe('POP');
  });

  it('keeps the previous page and address while the next one is prepared', async () => {
    const { controller, history, finish, shown } = setUp();
    await finish('/');
    const changes = vi.fn();
    controller.subscribe(changes);
    controller.navigator.push('/text/disorder?x=1');
    expect(controller.getSnapshot().pending).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('/');
    expect(history.location.pathname).toBe('/');
    await finish('/text/disorder?x=1');
    expect(shown()).toBe('/text/disorder');
    expect(history.location.search).toBe('?x=1');
    expect(history.index).toBe(1);
    expect(controller.getSnapshot().committed?.action).toBe('PUSH');
  });

  it('pushes a guard’s target in place of a linked address, so Back returns to the page before', async () => {
    const { controller, history, finish, shown } = setUp('/text/disorder');
    await finish('/text/disorder');
    controller.navigator.push('/admin');
    await finish('/admin', '/error/403');
    expect(shown()).toBe('/text/disorder');
    await finish('/error/403');
    expect(shown()).toBe('/error/403');
    expect(history.index).toBe(1);
    history.go(-1);
    await finish('/text/disorder');
    expect(shown()).toBe('/text/disorder');
  });

  it('replaces an address already in the history (first load, Back) with the guard’s target', async () => {
    const { history, finish, shown } = setUp('/user/center/logs');
    await finish('/user/center/logs', '/user/login?redirect=%2Fuser%2Fcenter%2Flogs');
    await finish('/user/login?redirect=%2Fuser%2Fcenter%2Flogs');
    expect(shown()).toBe('/user/login');
    expect(history.index).toBe(0);
    expect(history.location.search).toBe('?redirect=%2Fuser%2Fcenter%2Flogs');
  });

  it('drops a navigation overtaken by a newer one', async () => {
    const { controller, history, finish, shown } = setUp();
    await finish('/');
    controller.navigator.push('/slow');
    controller.navigator.push('/fast');
    await finish('/fast');
    expect(shown()).toBe('/fast');
    await finish('/slow');
    expect(shown()).toBe('/fast');
    expect(history.location.pathname).toBe('/fast');
    expect(history.index).toBe(1);
  });

  it('opens the address with the error when its preparation fails, and the next address without it', async () => {
    const { controller, finish, fail, shown } = setUp();
    await finish('/');
    controller.navigator.push('/file/hasher');
    const failure = new Error('Failed to fetch dynamically imported module');
    await fail('/file/hasher', failure);
    expect(shown()).toBe('/file/hasher');
    expect(controller.getSnapshot().committed?.error).toBe(failure);
    void controller.navigate('/');
    await finish('/');
    expect(controller.getSnapshot().committed).not.toHaveProperty('error');
  });

  it('leaves the site for an external login portal', async () => {
    const { leave, finish, shown } = setUp('/user/center');
    await finish('/user/center', 'https://portal.example/login?redirect=%2Fuser%2Fcenter');
    expect(leave).toHaveBeenCalledWith('https://portal.example/login?redirect=%2Fuser%2Fcenter');
    expect(shown()).toBeUndefined();
  });

  it('replace() replaces the current entry', async () => {
    const { controller, history, finish, shown, asked } = setUp('/user/center');
    await finish('/user/center');
    controller.navigator.replace('/user/center/profile');
    expect(asked()).toContain('/user/center/profile');
    await finish('/user/center/profile');
    expect(shown()).toBe('/user/center/profile');
    expect(history.index).toBe(0);
    expect(controller.getSnapshot().committed?.action).toBe('REPLACE');
  });
});
