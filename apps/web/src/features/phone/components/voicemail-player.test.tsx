import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VoicemailPlayer } from './voicemail-player';

describe('VoicemailPlayer', () => {
  it('says so when the recording cannot be played, and lets you try again (issue 15)', async () => {
    render(
      <VoicemailPlayer url="/api/phone/calls/c1/voicemail" durationSeconds={12} who="Harper" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play voicemail (0:12)' }));
    fireEvent.error(screen.getByLabelText('Voicemail from Harper'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'This voicemail cannot be played right now.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Voicemail from Harper')).toBeInTheDocument();
  });
});
