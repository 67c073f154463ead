/// RFC 3492 Punycode, just enough to check A-labels and measure U-labels.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// Decodes the part after `xn--`; `nil` when it is not valid Punycode.
    static func decode(_ input: Substring) -> String? {
        var output: [UInt32] = []
        var rest = input
        if let dash = input.lastIndex(of: "-") {
            for character in input[..<dash] {
                guard let value = character.unicodeScalars.first?.value, value < 0x80 else { return nil }
                output.append(value)
            }
            rest = input[input.index(after: dash)...]
        }
        var n = initialN, i = 0, bias = initialBias
        var iterator = rest.unicodeScalars.makeIterator()
        var next = iterator.next()
        while next != nil {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard let scalar = next else { return nil }
                next = iterator.next()
                let digit: Int
                switch scalar.value {
                case 0x30...0x39: digit = Int(scalar.value) - 22
                case 0x41...0x5A: digit = Int(scalar.value) - 0x41
                case 0x61...0x7A: digit = Int(scalar.value) - 0x61
                default: return nil
                }
                let (product, overflow) = digit.multipliedReportingOverflow(by: w)
                guard !overflow else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                w *= base - t
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF, Unicode.Scalar(UInt32(n)) != nil else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var result = ""
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The length of `xn--` plus the encoded label, approximated from above by 5 characters per non-ASCII scalar.
    static func encodedLength(_ label: Substring) -> Int {
        let scalars = label.unicodeScalars
        let ascii = scalars.filter(\.isASCII).count
        let other = scalars.count - ascii
        return other == 0 ? ascii : 4 + ascii + 1 + other * 2
    }
}
