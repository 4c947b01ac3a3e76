/**
 * The preset catalogue as a menu button: presets filed under their group (the paper or topic),
 * each with its one-line description. Keyboard: Enter/Space/↓ opens and focuses the current
 * preset, ↑/↓/Home/End move, Escape closes and returns focus to the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PRESETS, type Preset } from '../../content/presets/index.ts';
import '../controls/controls.css';

interface Props {
  /** Name of the preset on screen, marked in the list. */
  current?: string;
  onPick: (name: string) => void;
  /** Start with the list shown (a sidebar, a test). */
  initiallyOpen?: boolean;
}

/** Groups in the order their first preset appears in PRESETS (the catalogue's menu order). */
export function presetGroups(presets: readonly Preset[] = PRESETS): { group: string; presets: Preset[] }[] {
  const groups = new Map<string, Preset[]>();
  for (const p of presets) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  return [...groups].map(([group, list]) => ({ group, presets: list }));
}

export function PresetMenu({ current, onPick, initiallyOpen = false }: Props) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const groups = presetGroups();

  const items = (): HTMLButtonElement[] => [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-preset]') ?? [])];
  const close = (refocus: boolean): void => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  // On opening, focus the current preset so Enter re-picks nothing by surprise and arrows start there.
  useEffect(() => {
    if (!open) return;
    const all = items();
    (all.find((b) => b.dataset.preset === current) ?? all[0])?.focus();
    const outside = (e: PointerEvent): void => {
      const t = e.target as Node;
      if (!list.current?.contains(t) && !toggle.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, current]);

  const onListKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const go = (i: number): void => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="preset-menu">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        data-testid="preset-menu"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        Presets <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div ref={list} id={`${id}-list`} className="preset-list" role="group" aria-label="Presets" onKeyDown={onListKey}>
          {groups.map((g, gi) => (
            <section key={g.group} aria-labelledby={`${id}-g${gi}`}>
              <h3 id={`${id}-g${gi}`}>{g.group}</h3>
              <ul>
                {g.presets.map((p) => (
                  <li key={p.name}>
                    <button
                      type="button"
                      data-preset={p.name}
                      aria-current={p.name === current ? 'true' : undefined}
                      onClick={() => {
                        onPick(p.name);
                        close(true);
                      }}
                    >
                      <span className="preset-name">{p.name}</span>
                      <span className="preset-desc">
                        {p.description}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}
