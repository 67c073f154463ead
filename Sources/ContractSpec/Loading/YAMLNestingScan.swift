/// A quick upper bound on how deeply a YAML text nests, read before the text reaches libyaml.
///
/// Yams composes nodes recursively, so a hostile file (`[[[[…` or `- - - - …` 100,000 levels
/// deep) would overflow the stack. Every level of YAML nesting needs either an open flow bracket or
/// a block indicator (`-`, `?`, `:`) or more indentation, so the bound below never undercounts.
enum YAMLNestingScan {
    static func upperBound(of bytes: UnsafeBufferPointer<UInt8>, stopAbove limit: Int) -> Int {
        var flowDepth = 0
        var worst = 0
        var index = 0
        let count = bytes.count
        while index < count {
            // One line: indentation, then content.
            var indentation = 0
            while index < count, bytes[index] == 0x20 {
                indentation += 1
                index += 1
            }
            var indicators = 0
            var quote: UInt8 = 0
            var previous: UInt8 = 0x20
            while index < count, bytes[index] != 0x0A {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "'"):
                        if previous == 0x20 || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{")
                            || previous == UInt8(ascii: ",") || previous == UInt8(ascii: ":")
                        {
                            quote = byte
                        }
                    case UInt8(ascii: "#") where previous == 0x20 || previous == 0x09:
                        // A comment runs to the end of the line.
                        while index + 1 < count, bytes[index + 1] != 0x0A { index += 1 }
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        flowDepth += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        flowDepth = max(0, flowDepth - 1)
                    case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                        indicators += 1
                    default:
                        break
                    }
                }
                previous = byte
                index += 1
            }
            // Multi-line quoted scalars are rare; ending the quote at the line keeps the scan simple
            // and only makes the bound larger, never smaller.
            worst = max(worst, flowDepth + indentation + indicators)
            if worst > limit { return worst }
            index += 1
        }
        return worst
    }
}
