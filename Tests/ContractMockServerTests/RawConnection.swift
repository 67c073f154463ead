import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP connection to 127.0.0.1, for sending what no HTTP client sends (malformed requests,
/// bodies that never end).
final class RawConnection {
    private let descriptor: Int32

    init?(port: Int) {
        #if canImport(Glibc)
            let socketType = Int32(SOCK_STREAM.rawValue)
        #else
            let socketType = SOCK_STREAM
        #endif
        descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // Long enough for a server that shares two cores with the whole test suite running in parallel (a
        // 10-second limit ran out there); a healthy server closes at once, so only a stuck one waits this long.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if connected != 0 {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// Sends the bytes; false when the server has closed the connection.
    @discardableResult
    func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let flags = Int32(MSG_NOSIGNAL)
        return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, flags) } == bytes.count
    }

    /// Reads until the server closes the connection (or 120 seconds pass without data).
    func readToEnd() -> String {
        String(decoding: readBytesToEnd(), as: UTF8.self)
    }

    /// The bytes read until the server closes the connection (or 120 seconds pass without data).
    func readBytesToEnd() -> [UInt8] {
        readUntilEnd().bytes
    }

    /// The same, and whether it ended because the server closed the connection (rather than the read limit
    /// or an error).
    func readUntilEnd() -> (bytes: [UInt8], closedByServer: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (received, count == 0) }
            received.append(contentsOf: buffer[0..<count])
        }
    }
}

extension RawConnection {
    /// Connects, sends `text` and reads until the server closes, on a thread of its own: a blocking read
    /// on one of the few threads Swift concurrency runs on would starve the server in the same process.
    static func exchange(port: Int, _ text: String) async -> String? {
        await exchangeBytes(port: port, text).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Connects, sends `text` and waits for the server to close, timed on the connection's own thread: how
    /// long the server took, whatever the test's task waits for a thread of Swift concurrency afterwards.
    static func timeUntilClosed(port: Int, _ text: String) async -> (elapsed: Duration, closedByServer: Bool)? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                guard let connection = RawConnection(port: port) else {
                    continuation.resume(returning: nil)
                    return
                }
                let start = ContinuousClock.now
                connection.write(text)
                let closedByServer = connection.readUntilEnd().closedByServer
                continuation.resume(returning: (ContinuousClock.now - start, closedByServer))
            }
        }
    }

    /// The same, with the bytes the server sent, for a body that is not text.
    static func exchangeBytes(port: Int, _ text: String) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                guard let connection = RawConnection(port: port) else {
                    continuation.resume(returning: nil)
                    return
                }
                connection.write(text)
                continuation.resume(returning: connection.readBytesToEnd())
            }
        }
    }
}
