// The benchmark's yardstick for "costs nothing": a static Swift program that prints one line. `make bench`
// builds it with `swiftc -O -static-executable` and reports every command's figures as multiples of this one's.
print("hello")
