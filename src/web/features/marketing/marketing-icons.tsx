import { Icon, type IconProps } from '../../components/ui/icons';

// Decorative line icons for the public site, drawn on the app's icon frame: the text beside them speaks.

export const GaugeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 17a8.5 8.5 0 1 1 15 0" />
    <path d="M12 13l4-4.5" />
    <circle cx="12" cy="13.5" r="1.2" />
  </Icon>
);

export const RadarIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3a9 9 0 1 0 9 9" />
    <path d="M12 7.5a4.5 4.5 0 1 0 4.5 4.5" />
    <path d="M12 12l7-7M17 3.5V7h3.5" />
  </Icon>
);

export const ShieldIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3l7.5 3v5.5c0 4.6-3.1 8.2-7.5 9.5-4.4-1.3-7.5-4.9-7.5-9.5V6z" />
    <path d="M8.8 12.2l2.2 2.2 4.3-4.4" />
  </Icon>
);

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const LockIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
  </Icon>
);

export const MergeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 4v4a6 6 0 0 0 6 6h0a6 6 0 0 1 6 6M18 4v4a6 6 0 0 1-3 5.2" />
    <path d="M15.5 17.5L18 20l2.5-2.5" />
  </Icon>
);

export const HubIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="15" cy="13" r="3.5" />
    <circle cx="6" cy="6" r="2" />
    <circle cx="15" cy="4" r="1.5" />
    <circle cx="7" cy="19" r="1.8" />
    <path d="M7.5 7.3l4.8 3.6M15 5.5v4M12.2 15.4l-3.8 2.6" />
  </Icon>
);

export const KeyIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l8.5-8.5M16.5 6.5l2.5 2.5M14.5 8.5l2 2" />
  </Icon>
);

export const ChatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 12.5a7.5 7.5 0 0 1-10.8 6.7L4 20.5l1.4-4.6A7.5 7.5 0 1 1 20 12.5z" />
    <path d="M9.5 10.5h5M9.5 14h3" />
  </Icon>
);

export const QuoteIcon = (props: IconProps) => (
  <svg viewBox="0 0 32 32" fill="currentColor" aria-hidden="true" focusable="false" className={props.className ?? 'h-8 w-8'}>
    <path d="M13 8c-4.4 1.5-7.5 5.5-7.5 10.3V24H13v-7.5H9.3C9.6 13.9 11.3 12 14 11zM26.5 8C22.1 9.5 19 13.5 19 18.3V24h7.5v-7.5h-3.7c.3-2.6 2-4.5 4.7-5.5z" />
  </svg>
);

export const ArrowRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M10.2 8.8l5 3.2-5 3.2z" />
  </Icon>
);
