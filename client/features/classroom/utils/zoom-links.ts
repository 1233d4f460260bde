/**
 * Joining a Zoom meeting outside the embedded client: Zoom's desktop and mobile app through its
 * `zoommtg:` scheme, or Zoom's own web client. Both take the meeting number and its password.
 */
export interface ZoomJoin {
  meetingNumber: string;
  password: string;
}

const withPassword = (password: string) => (password ? `pwd=${encodeURIComponent(password)}` : '');

export function zoomAppHref({ meetingNumber, password }: ZoomJoin): string {
  const pwd = withPassword(password);
  return `zoommtg://zoom.us/join?confno=${encodeURIComponent(meetingNumber)}${pwd ? `&${pwd}` : ''}`;
}

export function zoomBrowserHref({ meetingNumber, password }: ZoomJoin): string {
  const pwd = withPassword(password);
  return `https://zoom.us/wc/join/${encodeURIComponent(meetingNumber)}${pwd ? `?${pwd}` : ''}`;
}
