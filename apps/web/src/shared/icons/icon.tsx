import type { IconDefinition } from './icon-definition';

export interface IconProps {
  icon: IconDefinition;
  /** A spoken name; without one the icon is decorative and hidden from assistive tech. */
  title?: string;
  className?: string;
}

/** Draws one icon of the fixed set from its path data. */
export function Icon({ icon, title, className }: IconProps) {
  const [width, height, , , pathData] = icon.icon;
  const paths = Array.isArray(pathData) ? pathData : [pathData];
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox={`0 0 ${width} ${height}`}
      fill="currentColor"
      focusable="false"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
    >
      {title ? <title>{title}</title> : null}
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
