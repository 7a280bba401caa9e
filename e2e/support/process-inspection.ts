import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Inodes of the TCP sockets listening on `port`, from the kernel's tables (Linux /proc). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …; st 0A is LISTEN.
      const [, local = '', , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && inode !== undefined && parseInt(local.split(':').at(-1) ?? '', 16) === port) inodes.add(inode);
    }
  }
  return inodes;
}

/** Whether process `pid` itself holds the socket listening on `port`, i.e. it is what answers there. */
export function listensOn(pid: number, port: number): boolean {
  const inodes = listeningInodes(port);
  return readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      return socket?.[1] !== undefined && inodes.has(socket[1]);
    } catch {
      return false; // closed meanwhile
    }
  });
}

/** The command line a process was started with. */
export function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((part) => part !== '');
}
