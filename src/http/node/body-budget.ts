/**
 * The request body bytes a server holds at once, across all its requests: a body's bytes are taken from the
 * budget as they arrive, only once its request is routed and its key accepted, and given back when it is
 * answered, so many large bodies at once wait their turn by refusal instead of exhausting memory, and a client
 * cannot take any of it with a length it only declares. One key, and one workspace's keys together, hold at most
 * a share of it, and the shares never add up to the whole: a reserve is kept that only keys holding little may
 * take, so however many keys hold their share, a key that holds nothing still gets its ordinary bodies through
 * (contract: overload).
 */
export interface BodyBudget {
  /**
   * A hold for one request's body, empty until its bytes arrive; `key` names whose share it counts against,
   * `workspace` (null for the keys of none) whose keys' share together. A body that declares more bytes than a
   * key may take of the reserve takes none of it, so the large bodies of many keys cannot crowd it even for a
   * moment.
   */
  hold(key?: string, workspace?: string | null, declaredBytes?: number): BodyHold;
  /** The bytes held now. */
  readonly held: number;
}

/** The bytes one request's body holds of the budget. */
export interface BodyHold {
  /** Takes `bytes` more for this body; false, taking nothing, when they do not fit. */
  take(bytes: number): boolean;
  /** Gives back all this body took; once is enough, again does nothing. */
  release(): void;
}

/** How the budget is shared; each share is the whole budget, and the reserve none, unless given. */
export interface BodyShares {
  /** Bytes one key holds at once. */
  perKey?: number;
  /** Bytes the keys of one workspace hold at once, together. */
  perWorkspace?: number;
  /**
   * Bytes of the budget kept for keys that hold little: a key may take of it only while it holds at most a
   * quarter of it, and a workspace's keys at most half of it together.
   */
  reserve?: number;
}

/** Bytes held, by whom; one who holds none has no entry, so the maps stay as small as what is in flight. */
class Tally {
  readonly #held = new Map<string, number>();
  of(who: string | undefined): number {
    return who === undefined ? 0 : (this.#held.get(who) ?? 0);
  }
  add(who: string | undefined, bytes: number): void {
    if (who === undefined || bytes === 0) return;
    const left = this.of(who) + bytes;
    if (left > 0) this.#held.set(who, left);
    else this.#held.delete(who);
  }
}

export function createBodyBudget(maxBytes: number, shares: BodyShares = {}): BodyBudget {
  const { perKey = maxBytes, perWorkspace = maxBytes, reserve = 0 } = shares;
  const reservePerKey = reserve / 4;
  const reservePerWorkspace = reserve / 2;
  let held = 0;
  let heldOfReserve = 0;
  const byKey = new Tally();
  const byWorkspace = new Tally();
  const reserveByWorkspace = new Tally();
  return {
    hold(key, workspace, declaredBytes) {
      // The keys of no workspace share one entry; a request whose workspace is not known counts against none.
      const space = workspace === undefined ? undefined : (workspace ?? '');
      let own = 0;
      let ownOfReserve = 0;
      const takeFrom = (bytes: number, fromReserve: boolean) => {
        own += bytes;
        held += bytes;
        byKey.add(key, bytes);
        byWorkspace.add(space, bytes);
        if (!fromReserve) return true;
        ownOfReserve += bytes;
        heldOfReserve += bytes;
        reserveByWorkspace.add(space, bytes);
        return true;
      };
      return {
        take(bytes) {
          // A body alone for its key goes past the key's share, so that a share below the body limit still
          // serves that key's requests one by one.
          const keyHeld = byKey.of(key);
          if (keyHeld > own && keyHeld + bytes > perKey) return false;
          // A body alone in the budget always goes, for a budget below the body limit.
          if (held === own) return takeFrom(bytes, false);
          const spaceHeld = byWorkspace.of(space);
          const spaceFits = spaceHeld === own || spaceHeld + bytes <= perWorkspace;
          if (spaceFits && held - heldOfReserve + bytes <= maxBytes - reserve) return takeFrom(bytes, false);
          const reserveFits =
            key !== undefined &&
            (declaredBytes ?? 0) <= reservePerKey &&
            keyHeld + bytes <= reservePerKey &&
            reserveByWorkspace.of(space) + bytes <= reservePerWorkspace &&
            heldOfReserve + bytes <= reserve;
          return reserveFits && takeFrom(bytes, true);
        },
        release() {
          held -= own;
          heldOfReserve -= ownOfReserve;
          byKey.add(key, -own);
          byWorkspace.add(space, -own);
          reserveByWorkspace.add(space, -ownOfReserve);
          own = 0;
          ownOfReserve = 0;
        },
      };
    },
    get held() {
      return held;
    },
  };
}

/**
 * Large bodies take turns at the event loop: the checks after a body is read (parsing, the body guards,
 * validation, normalizing, storing) run in one go, some 40 ms or more for 4 MiB, so many large bodies read at
 * once would make every other request wait for all of them. A body of at least `TAKES_TURNS_FROM` bytes waits
 * until the bodies being checked hold fewer than `maxBytes` (one always goes), and the next goes only after the
 * event loop has run once, so a request in between waits for one large body at most.
 */
export interface BodyTurns {
  /** Resolves once the body may be checked, with the function that ends its turn. */
  take(bytes: number): Promise<() => void>;
}

/** Bodies smaller than this are checked at once: they cost little, and most bodies are small. */
export const TAKES_TURNS_FROM = 64 * 1024;

export function createBodyTurns(maxBytes: number): BodyTurns {
  let held = 0;
  /** Set from a turn's end until the event loop has run once. */
  let yielding = false;
  const waiting: Array<{ bytes: number; start: () => void }> = [];
  const admit = () => {
    for (let next = waiting[0]; next !== undefined; next = waiting[0]) {
      if (held > 0 && held + next.bytes > maxBytes) return;
      waiting.shift();
      held += next.bytes;
      next.start();
    }
  };
  return {
    take(bytes) {
      return new Promise((resolve) => {
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          held -= bytes;
          yielding = true;
          setImmediate(() => {
            yielding = false;
            admit();
          });
        };
        waiting.push({ bytes, start: () => resolve(end) });
        if (!yielding) admit();
      });
    },
  };
}
