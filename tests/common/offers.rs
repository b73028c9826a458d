// Session descriptions from real browsers, shared by the invite tests
// (included, not a module, so that each test file takes what it uses).

/// A Chromium offer for one data channel, candidates gathered, local
/// addresses hidden behind mDNS names (the default, as on phones).
const CHROMIUM_OFFER_MDNS: &str = "v=0\r\n\
o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 54321 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:2848387373 1 udp 2113937151 3f9c2e1a-7b4d-4c8e-9a21-0d5e6f7a8b9c.local 54321 typ host generation 0 network-cost 999\r\n\
a=candidate:1193713207 1 udp 2113939711 a1b2c3d4-e5f6-4711-8899-aabbccddeeff.local 54322 typ host generation 0 network-cost 999\r\n\
a=ice-ufrag:Xq3v\r\n\
a=ice-pwd:l2bV9kqR1t7Zx0yW4sH8nJ6m\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 6B:8B:5D:EA:59:04:20:23:29:C8:87:1C:CC:87:32:BE:DD:8C:66:A5:8E:50:55:EA:8C:D3:B6:5C:09:5E:D6:BC\r\n\
a=setup:actpass\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

/// The same with plain addresses (Chromium with mDNS hiding switched off),
/// IPv4 and IPv6, and a STUN server's reflexive candidate.
const CHROMIUM_OFFER_IP: &str = "v=0\r\n\
o=- 1 2 IN IP4 127.0.0.1\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
a=candidate:1 1 udp 2122260223 127.0.0.1 40001 typ host generation 0\r\n\
a=candidate:2 1 udp 2122262783 ::1 40002 typ host generation 0\r\n\
a=candidate:3 1 udp 1686052607 203.0.113.7 40003 typ srflx raddr 127.0.0.1 rport 40001 generation 0\r\n\
a=candidate:4 1 tcp 1518280447 127.0.0.1 9 typ host tcptype active generation 0\r\n\
a=ice-ufrag:AbCd\r\n\
a=ice-pwd:abcdefghijklmnopqrstuv+/\r\n\
a=fingerprint:sha-256 00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF\r\n\
a=setup:actpass\r\n\
a=mid:0\r\n";

/// A Firefox answer: UDP and TCP (port 9) host candidates, 8-character
/// ufrag, 32-character password, its own candidate syntax (upper-case UDP).
const FIREFOX_ANSWER: &str = "v=0\r\n\
o=mozilla...THIS_IS_SDPARTA-128.0 8215712347185069712 0 IN IP4 0.0.0.0\r\n\
s=-\r\n\
t=0 0\r\n\
a=sendrecv\r\n\
a=fingerprint:sha-256 AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99\r\n\
a=group:BUNDLE 0\r\n\
a=ice-options:trickle\r\n\
a=msid-semantic:WMS *\r\n\
m=application 46311 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 127.0.0.1\r\n\
a=candidate:0 1 UDP 2122252543 5d3c3b88-1f2e-4e3d-8c7b-6a5948372615.local 46311 typ host\r\n\
a=candidate:1 1 TCP 2105524479 5d3c3b88-1f2e-4e3d-8c7b-6a5948372615.local 9 typ host tcptype active\r\n\
a=sendrecv\r\n\
a=end-of-candidates\r\n\
a=ice-pwd:3a7d1c0f9e8b2a4c6d5e7f8091a2b3c4\r\n\
a=ice-ufrag:9f8e7d6c\r\n\
a=mid:0\r\n\
a=setup:active\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:1073741823\r\n";
