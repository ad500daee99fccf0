#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# Usage: bench/serve_memory.py SPGRAPH GRAPH (checks the memory bound of docs/server.md, "Limits",
# under body attacks). Starts `spgraph serve` with its default limits and prints its peak resident
# memory (VmHWM) after a 100 MB chunked body (refused, 413) and after eight concurrent 16 MiB bodies
# (applied).
import socket,sys,subprocess,re,threading
B=sys.argv[1]; G=sys.argv[2]
p=subprocess.Popen([B,'serve',G,'--undirected','--port','0','-q'],stdout=subprocess.PIPE)
PORT=int(p.stdout.readline().decode().rsplit(':',1)[1])  # "listening on http://127.0.0.1:PORT"
def kib(f):
    return int(re.search(f+r':\s+(\d+)',open('/proc/%d/status'%p.pid).read()).group(1))
def rt(req):
    s=socket.create_connection(('127.0.0.1',PORT))
    try: s.sendall(req)
    except Exception: pass
    out=b''; s.settimeout(30)
    try:
        while True:
            d=s.recv(65536)
            if not d: break
            out+=d
    except Exception: pass
    return out[9:12]
def chunked(body, size=1<<16):
    return b''.join(b'%x\r\n'%len(body[i:i+size])+body[i:i+size]+b'\r\n' for i in range(0,len(body),size))+b'0\r\n\r\n'
rest=kib('VmRSS')
big=b'+ 1 2\n'*(100*1024*1024//6)
print('100 MB chunked:', rt(b'POST /updates HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n'+chunked(big)), 'peak MiB', kib('VmHWM')//1024)
body=b'+ 1 2\n'*((16<<20)//6)
req=b'POST /updates HTTP/1.1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n'%len(body)+body
res=[]
ts=[threading.Thread(target=lambda: res.append(rt(req))) for _ in range(8)]
[t.start() for t in ts]; [t.join() for t in ts]
print('8 concurrent 16 MiB bodies:', sorted(res), 'peak MiB', kib('VmHWM')//1024, 'rest MiB', rest//1024)
p.terminate(); p.wait()
