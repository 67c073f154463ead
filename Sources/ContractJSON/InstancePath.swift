/// Where a value sits inside an instance, written the way people read it: `$.items[0].name`.
public struct InstancePath: Hashable, Sendable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Component: Hashable, Sendable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the root.
    public private(set) var components: [Component]

    /// The root of the instance (`$`).
    public static let root = InstancePath(components: [])

    /// Creates a path from steps.
    public init(components: [Component]) {
        self.components = components
    }

    /// A path one member deeper.
    public func appending(_ key: String) -> InstancePath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// A path one element deeper.
    public func appending(_ index: Int) -> InstancePath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// The same place as a JSON Pointer.
    public var pointer: JSONPointer {
        JSONPointer(
            tokens: components.map {
                switch $0 {
                case .key(let key): key
                case .index(let index): String(index)
                }
            })
    }

    /// `$.items[0].name`; keys that are not identifiers are quoted: `$["content-type"]`.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    text += "." + key
                } else {
                    // Quoted as a JSON string, so control characters in keys never break a line of output.
                    text += "["
                    JSONWriter.writeString(key, into: &text)
                    text += "]"
                }
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}
