/** Small line icons (16px, currentColor), decorative: callers give the control its name. */
import type { ReactNode, SVGProps } from 'react';

function Icon({ children, ...rest }: SVGProps<SVGSVGElement> & { readonly children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={16}
      height={16}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const SunIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="3" />
    <path d="M8 1.5v1.5M8 13v1.5M1.5 8H3M13 8h1.5M3.4 3.4l1 1M11.6 11.6l1 1M3.4 12.6l1-1M11.6 4.4l1-1" />
  </Icon>
);

export const MoonIcon = () => (
  <Icon>
    <path d="M13.5 9.5A5.5 5.5 0 0 1 6.5 2.5a5.5 5.5 0 1 0 7 7Z" />
  </Icon>
);

export const MonitorIcon = () => (
  <Icon>
    <rect x="1.75" y="2.5" width="12.5" height="8.5" rx="1.25" />
    <path d="M5.5 14h5M8 11v3" />
  </Icon>
);

export const SidebarIcon = () => (
  <Icon>
    <rect x="1.75" y="2.5" width="12.5" height="11" rx="1.25" />
    <path d="M6 2.5v11" />
  </Icon>
);

export const GearIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="2" />
    <path d="M8 1.75v1.5M8 12.75v1.5M1.75 8h1.5M12.75 8h1.5M3.6 3.6l1.05 1.05M11.35 11.35l1.05 1.05M3.6 12.4l1.05-1.05M11.35 4.65l1.05-1.05" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <path d="M4.5 2.8v10.4a.6.6 0 0 0 .9.5l8.3-5.2a.6.6 0 0 0 0-1L5.4 2.3a.6.6 0 0 0-.9.5Z" />
  </Icon>
);

export const StepIcon = () => (
  <Icon>
    <path d="M3.5 3v10l6.5-5z" fill="currentColor" stroke="none" />
    <path d="M12.5 3v10" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <rect x="4" y="3" width="2.75" height="10" rx=".6" />
    <rect x="9.25" y="3" width="2.75" height="10" rx=".6" />
  </Icon>
);

export const StopIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <rect x="3.5" y="3.5" width="9" height="9" rx="1.2" />
  </Icon>
);

export const ResetIcon = () => (
  <Icon>
    <path d="M2.75 8a5.25 5.25 0 1 0 1.6-3.78" />
    <path d="M2.5 2.5v3h3" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M4 4l8 8M12 4l-8 8" />
  </Icon>
);

export const PlusIcon = () => (
  <Icon>
    <path d="M8 3v10M3 8h10" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <path d="M10 3.5 5.5 8l4.5 4.5" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="M6 3.5 10.5 8 6 12.5" />
  </Icon>
);

export const ForkIcon = () => (
  <Icon>
    <circle cx="4.5" cy="3.5" r="1.5" />
    <circle cx="4.5" cy="12.5" r="1.5" />
    <circle cx="11.5" cy="5.5" r="1.5" />
    <path d="M4.5 5v6M11.5 7c0 2.5-2 3.5-7 4" />
  </Icon>
);

export const SlidersIcon = () => (
  <Icon>
    <path d="M2.5 4.5h6M11.5 4.5h2M2.5 11.5h2M7.5 11.5h6" />
    <circle cx="10" cy="4.5" r="1.5" />
    <circle cx="6" cy="11.5" r="1.5" />
  </Icon>
);

export const FlagIcon = () => (
  <Icon>
    <path d="M4 14V2.5M4 3h7.5l-1.5 2.5L11.5 8H4" />
  </Icon>
);

/** A screen on a stand: the presenter. */
export const PresentIcon = () => (
  <Icon>
    <path d="M1.75 2.5h12.5M2.75 2.5v7.25h10.5V2.5M8 9.75v2.5M5.5 14.25 8 12.25l2.5 2" />
    <path d="M6.75 4.75v3l2.5-1.5z" fill="currentColor" stroke="none" />
  </Icon>
);

/** Four corners: full screen. */
export const FullscreenIcon = () => (
  <Icon>
    <path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M6.5 9.5a2.5 2.5 0 0 0 3.5 0l2.5-2.5a2.5 2.5 0 0 0-3.5-3.5L8.5 4" />
    <path d="M9.5 6.5a2.5 2.5 0 0 0-3.5 0L3.5 9a2.5 2.5 0 0 0 3.5 3.5l.5-.5" />
  </Icon>
);

export const OpenIcon = () => (
  <Icon>
    <path d="M2 4.5v7a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1H8L6.5 3.5H3a1 1 0 0 0-1 1Z" />
  </Icon>
);
