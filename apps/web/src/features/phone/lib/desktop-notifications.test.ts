import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyWhileHidden, setDesktopNotifications } from './desktop-notifications';

// Issue 24 item 7: desktop notifications, on only when asked for, shown only while hidden.

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.permission;
  });
  static answer: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

let visibility: DocumentVisibilityState = 'hidden';

beforeEach(() => {
  localStorage.clear();
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  visibility = 'hidden';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const text = () => notifyWhileHidden('Text from Ada', { body: 'Is Saturday free?', tag: 'text-1' });

describe('desktop notifications', () => {
  it('are off until turned on, and asking for them asks the browser once', async () => {
    expect(text()).toBeNull();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(await setDesktopNotifications(true)).toBe('on');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await setDesktopNotifications(false)).toBe('off');
    expect(text()).toBeNull();
    expect(await setDesktopNotifications(true)).toBe('on');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('show only while the tab is hidden, and a click brings the tab forward', async () => {
    await setDesktopNotifications(true);
    visibility = 'visible';
    expect(text()).toBeNull();
    visibility = 'hidden';
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    const opened = vi.fn();
    notifyWhileHidden('Text from Ada', {
      body: 'Is Saturday free?',
      tag: 'text-1',
      onClick: opened,
    });
    const [shown] = FakeNotification.shown;
    expect(shown?.title).toBe('Text from Ada');
    expect(shown?.options).toEqual({ body: 'Is Saturday free?', tag: 'text-1' });
    shown?.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(opened).toHaveBeenCalled();
    expect(shown?.closed).toBe(true);
  });

  it('stay off when the browser refuses, and say it is blocked', async () => {
    FakeNotification.answer = 'denied';
    expect(await setDesktopNotifications(true)).toBe('blocked');
    expect(text()).toBeNull();
  });
});
