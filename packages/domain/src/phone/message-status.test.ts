import { describe, expect, it } from 'vitest';
import { isMessageStatusAdvance, MESSAGE_STATUS_RANK, messageStatusRank } from './message-status';

describe('MESSAGE_STATUS_RANK', () => {
  it.each([
    { status: 'queued', rank: 0 },
    { status: 'accepted', rank: 0 },
    { status: 'sending', rank: 1 },
    { status: 'sent', rank: 2 },
    { status: 'delivered', rank: 3 },
    { status: 'undelivered', rank: 4 },
    { status: 'failed', rank: 4 },
    { status: 'read', rank: 4 },
  ])('ranks $status $rank', ({ status, rank }) => {
    expect(MESSAGE_STATUS_RANK[status]).toBe(rank);
    expect(messageStatusRank(status)).toBe(rank);
  });

  it.each(['received', 'toString', 'constructor', ''])('has no rank for %j', (status) => {
    expect(messageStatusRank(status)).toBeUndefined();
  });
});

describe('isMessageStatusAdvance', () => {
  it.each([
    { from: 'queued', to: 'sent', moves: true },
    { from: 'sent', to: 'delivered', moves: true },
    { from: 'delivered', to: 'sent', moves: false },
    { from: 'delivered', to: 'delivered', moves: false },
    { from: 'sent', to: 'failed', moves: true },
    { from: 'failed', to: 'delivered', moves: false },
    { from: 'queued', to: 'accepted', moves: false },
    { from: 'received', to: 'sent', moves: true },
    { from: 'sent', to: 'bogus', moves: false },
  ])('$from → $to: $moves', ({ from, to, moves }) => {
    expect(isMessageStatusAdvance(from, to)).toBe(moves);
  });
});
