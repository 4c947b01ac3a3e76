/**
 * Worker entry for the path picture's packet windows: a worker of its own, so a window never
 * waits behind a run (or a run behind a window) and the run workers' protocol stays as it is.
 */
import * as Comlink from 'comlink';
import { VISIT_COLUMNS } from '../engine/net/hop-log.ts';
import { PacketWindows, type PacketWindowApi } from './packetWindow.ts';

const windows = new PacketWindows();

const api: PacketWindowApi = {
  get(req) {
    const w = windows.get(req);
    return Comlink.transfer(w, VISIT_COLUMNS.map((c) => w[c].buffer as ArrayBuffer));
  },
};

Comlink.expose(api);
