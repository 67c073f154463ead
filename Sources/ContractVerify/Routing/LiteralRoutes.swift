/// The matches a request reaches by its whole path when neither its server nor its path template has a
/// variable (most requests): a hash of the path's bytes and one comparison, instead of cutting the path
/// into segments, matching the server's base path segment by segment and walking the routing table,
/// which touched far more code per request.
///
/// It answers only when the answer is certain and otherwise leaves the request to `Router`: a path with
/// a variable, an escape or a trailing slash the options ignore, a method the path does not have, a
/// server with variables before the one the request names. `Router` keeps a route only when routing
/// its path segment by segment gives the same match, so the two cannot disagree.
struct LiteralRoutes: Sendable {
    /// A documented path without variables, under a server, with one of its methods.
    struct Route: Sendable {
        /// The whole request path: the server's base path, then the template's.
        let path: [UInt8]
        let method: String
        let match: RouteMatch.Storage
    }

    /// The routes of one server without variables, in a hash table by path. A class, so that trying a
    /// server retains one object rather than each of its parts.
    final class Server: Sendable {
        private let scheme: String?
        private let authority: String?
        /// Open addressing: a route's position in `routes`, plus one, stands at its path's `hash` or in the
        /// next free slot after it (0 is free), and at least half the slots are free, so a search stops at
        /// the first free one. Positions rather than optional routes: a new `Optional` type joined the
        /// runtime's cache of `Optional` types, which `DispatchQueue.sync` searches on every request, and
        /// lengthened those searches.
        private let slots: [Int]
        private let routes: [Route]

        init(scheme: String?, authority: String?, routes: [Route]) {
            self.scheme = scheme
            self.authority = authority
            var count = 1
            while count < 2 * routes.count { count *= 2 }
            var slots = Array(repeating: 0, count: count)
            for (position, route) in routes.enumerated() {
                var slot = route.path.withUnsafeBufferPointer { Self.hash($0) } & (count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (count - 1) }
                slots[slot] = position + 1
            }
            self.slots = slots
            self.routes = routes
        }

        /// `nil` when the request's scheme and host are not the server's; else the match of the route with
        /// the request's path and method, `.some(nil)` when there is none. The host is checked here, not
        /// by the caller: handing the server's parts out retained and released each (three lines of code).
        func match(_ request: HTTPRequest) -> RouteMatch.Storage?? {
            guard ServerMatcher.matchesHost(request, scheme: scheme, authority: authority) else { return nil }
            return request.path.utf8.withContiguousStorageIfAvailable { match($0, request.method) } ?? .some(nil)
        }

        /// The match of the route with this path (as bytes) and method. Inlined, as is `hash`: a call
        /// per request costs lines of stack and of code for saving and restoring registers.
        @inline(__always)
        func match(_ path: UnsafeBufferPointer<UInt8>, _ method: String) -> RouteMatch.Storage? {
            var slot = Self.hash(path) & (slots.count - 1)
            while slots[slot] != 0 {
                let position = slots[slot] - 1
                if routes[position].method == method, Self.same(routes[position].path, path) {
                    return routes[position].match
                }
                slot = (slot + 1) & (slots.count - 1)
            }
            return nil
        }

        private static func same(_ route: [UInt8], _ path: UnsafeBufferPointer<UInt8>) -> Bool {
            guard route.count == path.count else { return false }
            var offset = 0
            while offset < route.count, route[offset] == path[offset] { offset += 1 }
            return offset == route.count
        }

        /// The length and four bytes spread over the path: documented paths mostly differ in length or in
        /// some segment these fall in, and a loop over every byte was most of a lookup's code.
        @inline(__always)
        private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let count = bytes.count
            guard count > 0 else { return 0 }
            // Written out rather than a loop over an array literal of the offsets: this runs on every request.
            var hash = count &* 31 &+ Int(bytes[count / 4])
            hash = hash &* 31 &+ Int(bytes[count / 2])
            hash = hash &* 31 &+ Int(bytes[count * 3 / 4])
            return hash &* 31 &+ Int(bytes[count - 1])
        }
    }

    /// The servers `Router` tries first, in its order, up to the first with a variable.
    private let servers: [Server]

    init(servers: [Server] = []) {
        self.servers = servers
    }

    /// The match `Router` would find, or `nil` when only routing segment by segment can tell.
    func match(_ request: HTTPRequest) -> RouteMatch.Storage? {
        for server in servers {
            // A server whose scheme and host do not match is passed over, as `Router` passes it over; the
            // first server the host matches is the first `Router` tries the path under.
            if let found = server.match(request) { return found }
        }
        return nil
    }
}
