#!/usr/bin/env python3
# Writes ../uniform-hoist.test: expected values worked out here from TGSI semantics, not by the driver.
import os
import struct
def f(x): return "0x%08x" % struct.unpack('<I', struct.pack('<f', x))[0]
def u(x): return "0x%08x" % (x & 0xffffffff)
hdr = """# Uniform work once per dispatch (shader/fxp_uniform.c): instructions that read only constants, immediates
# and the results of such instructions, outside control flow, are computed once; every later read of their
# destination, up to the next write of that channel, reads the value computed once. Block 16, one batch.
# CONST[0][0] = (1.5, 2.5, 4, 8), CONST[0][1] = (10, 20, 0.25, 100). Per lane l, four vec4s at 64 l:
#  - TEMP[2] = (1.5*2 + 10, 2.5*2 + 20, 1/0.25, l): x, y, z hoisted, w per lane in the same register;
#  - TEMP[3] = (5 added three times in a loop, reading the hoisted TEMP[1].y; the loop counter 3; l + 3,
#    after TEMP[1].y is overwritten with l; 8 where l is even and l where l is odd): TEMP[3].x, TEMP[3].y
#    and TEMP[5].x start from uniform values but are written again inside control flow, so they stay;
#  - TEMP[1] = (3, l, 8, 16): its y overwritten per lane, x, z and w still the hoisted values;
#  - TEMP[6] = (64 + 16, 80 >> 1, (uint)16.0, l) as integers, all but w hoisted.
# Six instructions are hoisted: the MUL, ADD, RCP, UADD, USHR and F2U.
[compute]
COMP
DCL SV[0], THREAD_ID
DCL BUFFER[0]
DCL TEMP[0..6]
DCL CONST[0][0..1]
IMM[0] FLT32 {2.0, 0.5, 3.0, 1.0}
IMM[1] UINT32 {64, 16, 32, 48}
IMM[2] UINT32 {1, 0, 0, 0}
IMM[3] FLT32 {0.0, 0.0, 0.0, 0.0}
  0: MUL TEMP[1], CONST[0][0], IMM[0].xxxx
  1: ADD TEMP[2].xy, TEMP[1].xyxx, CONST[0][1].xyxx
  2: RCP TEMP[2].z, CONST[0][1].zzzz
  3: UMUL TEMP[0].x, SV[0].xxxx, IMM[1].xxxx
  4: U2F TEMP[0].y, SV[0].xxxx
  5: MOV TEMP[2].w, TEMP[0].yyyy
  6: STORE BUFFER[0].xyzw, TEMP[0].xxxx, TEMP[2]
  7: MOV TEMP[3].x, IMM[3].xxxx
  8: MOV TEMP[3].y, IMM[3].xxxx
  9: BGNLOOP
 10:   FSGE TEMP[4].x, TEMP[3].yyyy, IMM[0].zzzz
 11:   UIF TEMP[4].xxxx
 12:     BRK
 13:   ENDIF
 14:   ADD TEMP[3].x, TEMP[3].xxxx, TEMP[1].yyyy
 15:   ADD TEMP[3].y, TEMP[3].yyyy, IMM[0].wwww
 16: ENDLOOP
 17: MOV TEMP[1].y, TEMP[0].yyyy
 18: ADD TEMP[3].z, TEMP[1].yyyy, TEMP[1].xxxx
 19: MOV TEMP[5].x, CONST[0][0].wwww
 20: AND TEMP[4].y, SV[0].xxxx, IMM[2].xxxx
 21: UIF TEMP[4].yyyy
 22:   MOV TEMP[5].x, TEMP[0].yyyy
 23: ENDIF
 24: MOV TEMP[3].w, TEMP[5].xxxx
 25: UADD TEMP[0].z, TEMP[0].xxxx, IMM[1].yyyy
 26: STORE BUFFER[0].xyzw, TEMP[0].zzzz, TEMP[3]
 27: UADD TEMP[0].w, TEMP[0].xxxx, IMM[1].zzzz
 28: STORE BUFFER[0].xyzw, TEMP[0].wwww, TEMP[1]
 29: UADD TEMP[6].x, IMM[1].xxxx, IMM[1].yyyy
 30: USHR TEMP[6].y, TEMP[6].xxxx, IMM[2].xxxx
 31: F2U TEMP[6].z, TEMP[1].wwww
 32: MOV TEMP[6].w, SV[0].xxxx
 33: UADD TEMP[0].w, TEMP[0].xxxx, IMM[1].wwww
 34: STORE BUFFER[0].xyzw, TEMP[0].wwww, TEMP[6]
 35: END
[block 16 1 1]
[expect uniform 6]
[constants 0]
float 1.5 2.5 4.0 8.0
float 10.0 20.0 0.25 100.0
[buffer 0]
hex fill 256 0xdeadbeef
[expect buffer 0]"""
out = [hdr]
for l in range(16):
    out.append("hex %s %s %s %s   # lane %d" % (f(13.0), f(25.0), f(4.0), f(float(l)), l))
    out.append("hex %s %s %s %s" % (f(15.0), f(3.0), f(l + 3.0), f(8.0 if l % 2 == 0 else float(l))))
    out.append("hex %s %s %s %s" % (f(3.0), f(float(l)), f(8.0), f(16.0)))
    out.append("hex %s %s %s %s" % (u(80), u(40), u(16), u(l)))
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'uniform-hoist.test'), 'w').write("\n".join(out) + "\n")
