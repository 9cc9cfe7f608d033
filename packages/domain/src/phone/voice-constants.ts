// spec §9: the voice client's settings and limits. Times are in milliseconds.
export const VOICE = {
  // Opus then PCMU for the product's calls (the client's own default is PCMU then Opus).
  codecPreferences: ['opus', 'pcmu'],
  logLevel: 'debug',
  presenceRefreshMs: 30_000,
  // The token-will-expire notice fires this long before expiry.
  tokenRefreshMs: 10_000,
  ringtoneStartTimeoutMs: 2_000,
  preflightSignalingTimeoutMs: 10_000,
  iceGatheringTimeoutMs: 15_000,
  iceCandidateTimeoutMs: 4_000,
  mediaReconnectBackoff: { factor: 1.1, jitter: 0.5, min: 1, max: 30_000, giveUpMs: 30_000 },
  dtmfSpacingMs: 200,
  feedbackScores: [1, 2, 3, 4, 5],
  volumePollingMs: 50,
  metricsSamplesPerPost: 10,
  soundMaxDurationsMs: { disconnect: 3_000, outgoing: 3_000, dtmf: 1_000 },
  qualityThresholds: { jitterMax: 30, rttMax: 400, mosMin: 3 },
} as const;
