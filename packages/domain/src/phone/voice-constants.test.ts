import { describe, expect, it } from 'vitest';
import { VOICE } from './voice-constants';

// spec §9: voice constants.
describe('VOICE', () => {
  it.each([
    {
      name: 'codecPreferences (Opus then PCMU)',
      actual: VOICE.codecPreferences,
      expected: ['opus', 'pcmu'],
    },
    { name: 'logLevel', actual: VOICE.logLevel, expected: 'debug' },
    { name: 'presenceRefreshMs (30 s)', actual: VOICE.presenceRefreshMs, expected: 30000 },
    { name: 'tokenRefreshMs (10 s before expiry)', actual: VOICE.tokenRefreshMs, expected: 10000 },
    { name: 'ringtoneStartTimeoutMs (2 s)', actual: VOICE.ringtoneStartTimeoutMs, expected: 2000 },
    {
      name: 'preflightSignalingTimeoutMs (10 s)',
      actual: VOICE.preflightSignalingTimeoutMs,
      expected: 10000,
    },
    { name: 'iceGatheringTimeoutMs', actual: VOICE.iceGatheringTimeoutMs, expected: 15000 },
    { name: 'iceCandidateTimeoutMs (4 s)', actual: VOICE.iceCandidateTimeoutMs, expected: 4000 },
    {
      name: 'mediaReconnectBackoff',
      actual: VOICE.mediaReconnectBackoff,
      expected: { factor: 1.1, jitter: 0.5, min: 1, max: 30000, giveUpMs: 30000 },
    },
    { name: 'dtmfSpacingMs', actual: VOICE.dtmfSpacingMs, expected: 200 },
    { name: 'feedbackScores (1 to 5)', actual: VOICE.feedbackScores, expected: [1, 2, 3, 4, 5] },
    { name: 'volumePollingMs', actual: VOICE.volumePollingMs, expected: 50 },
    { name: 'metricsSamplesPerPost', actual: VOICE.metricsSamplesPerPost, expected: 10 },
    {
      name: 'soundMaxDurationsMs (3 s disconnect and outgoing, 1 s DTMF)',
      actual: VOICE.soundMaxDurationsMs,
      expected: { disconnect: 3000, outgoing: 3000, dtmf: 1000 },
    },
    {
      name: 'qualityThresholds',
      actual: VOICE.qualityThresholds,
      expected: { jitterMax: 30, rttMax: 400, mosMin: 3 },
    },
  ])('$name', ({ actual, expected }) => {
    expect(actual).toEqual(expected);
  });
});
