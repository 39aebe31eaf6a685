// Endgame tables from a static web server, natively: a tiny HTTP/1.1 client
// over POSIX sockets that only does what table probing needs, a GET with a
// Range header per read (the same requests the browser makes). Plain http
// only (no TLS); https URLs get a clear error. Every read opens a fresh
// connection with 10 s send/receive timeouts, so a stuck server gives an
// error, never a hang. Registered into openTables() (cli/table_sources.h), so
// `zertz probe --tables http://host:port/tables/ ...` and
// `zertz engine --tables URL` work like a local directory.
#include <netdb.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "table_sources.h"

namespace zertz::cli {
namespace {

struct Url {
  std::string host, port = "80", path;  // path ends with '/'
};

bool parseUrl(const std::string& spec, Url& out, std::string& error) {
  if (spec.rfind("https://", 0) == 0) return error = "tables: https is not supported natively ('" + spec + "'); use http:// or a directory", false;
  if (spec.rfind("http://", 0) != 0) return error = "tables: not an http URL: '" + spec + "'", false;
  std::string rest = spec.substr(7);
  size_t slash = rest.find('/');
  std::string hostport = rest.substr(0, slash);
  out.path = slash == std::string::npos ? "/" : rest.substr(slash);
  if (out.path.back() != '/') out.path += '/';
  size_t colon = hostport.rfind(':');
  out.host = hostport.substr(0, colon);
  if (colon != std::string::npos) out.port = hostport.substr(colon + 1);
  if (out.host.empty() || out.port.empty() || out.port.size() > 5 ||
      out.port.find_first_not_of("0123456789") != std::string::npos)
    return error = "tables: bad host or port in '" + spec + "'", false;
  for (char c : out.path)
    if (c <= ' ' || c == 127) return error = "tables: bad character in the URL path of '" + spec + "'", false;
  return true;
}

class HttpSource : public TableSource {
 public:
  explicit HttpSource(Url url, std::string spec) : url_(std::move(url)), spec_(std::move(spec)) {}

  bool read(const std::string& name, uint64_t offset, uint64_t length, std::vector<uint8_t>& out,
            std::string& error) override {
    out.clear();
    if (length == 0) return true;
    int status = 0;
    std::string range = "bytes=" + std::to_string(offset) + "-" + std::to_string(offset + length - 1);
    if (!request(name, range, status, out, error)) return false;
    if (status == 416) return out.clear(), true;  // past the end of the file: fewer (no) bytes
    if (status == 200) return error = spec_ + name + ": the server ignored the Range request (200, not 206)", false;
    if (status != 206) return error = spec_ + name + ": HTTP " + std::to_string(status), false;
    if (out.size() > length) return error = spec_ + name + ": server sent more bytes than asked", false;
    ++requests_, bytes_ += out.size();
    return true;
  }
  bool exists(const std::string& name) override {
    int status = 0;
    std::vector<uint8_t> body;
    std::string error;
    // Only a clear "not found" means absent; a broken reply (truncated,
    // compressed, chunked...) must surface as an error naming the URL on the
    // read that follows, not as "no tables".
    if (!request(name, "bytes=0-0", status, body, error)) return true;
    return status != 404 && status != 410;
  }
  std::string describe() const override { return spec_; }
  std::string label(const std::string& name) const override { return spec_ + name; }

  // The server answers at all (any HTTP status), so that an unreachable URL
  // is reported as such instead of as "no tables".
  bool reachable(std::string& error) {
    int status = 0;
    std::vector<uint8_t> body;
    request("", "bytes=0-0", status, body, error);
    if (status <= 0) return false;
    error.clear();
    return true;
  }

 private:
  // One request on a fresh connection; fills status and the body.
  bool request(const std::string& name, const std::string& range, int& status, std::vector<uint8_t>& body,
               std::string& error) {
    for (char c : name)
      if (c <= ' ' || c == 127 || c == '/' || c == '?' || c == '#') return error = "tables: bad file name '" + name + "'", false;
    addrinfo hints{}, *res = nullptr;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (int rc = getaddrinfo(url_.host.c_str(), url_.port.c_str(), &hints, &res); rc != 0)
      return error = spec_ + ": cannot resolve " + url_.host + ": " + gai_strerror(rc), false;
    int fd = -1;
    for (addrinfo* a = res; a && fd < 0; a = a->ai_next) {
      fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
      if (fd < 0) continue;
      timeval tv{10, 0};
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
      if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) close(fd), fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) return error = spec_ + ": cannot connect to " + url_.host + ":" + url_.port, false;
    std::unique_ptr<int, void (*)(int*)> guard(&fd, [](int* f) { close(*f); });
    std::string req = "GET " + url_.path + name + " HTTP/1.1\r\nHost: " + url_.host + ":" + url_.port +
                      "\r\nRange: " + range + "\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n";
    for (size_t sent = 0; sent < req.size();) {
      ssize_t n = send(fd, req.data() + sent, req.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return error = spec_ + name + ": send failed", false;
      sent += size_t(n);
    }
    std::string data;
    char buf[16384];
    constexpr size_t kMaxResponse = 64u << 20;  // far above any block or index
    for (;;) {
      ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n < 0) return error = spec_ + name + ": receive failed or timed out", false;
      if (n == 0) break;
      data.append(buf, size_t(n));
      if (data.size() > kMaxResponse) return error = spec_ + name + ": response too large", false;
    }
    size_t headerEnd = data.find("\r\n\r\n");
    if (headerEnd == std::string::npos || data.compare(0, 5, "HTTP/") != 0)
      return error = spec_ + name + ": malformed HTTP response", false;
    std::string head = data.substr(0, headerEnd);
    size_t sp = head.find(' ');
    if (sp == std::string::npos || sp + 4 > head.size()) return error = spec_ + name + ": malformed status line", false;
    status = std::atoi(head.c_str() + sp + 1);
    std::string lower = head;
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("\r\ntransfer-encoding: chunked") != std::string::npos)
      return error = spec_ + name + ": chunked responses are not supported for table reads", false;
    if (lower.find("\r\ncontent-encoding:") != std::string::npos &&
        lower.find("\r\ncontent-encoding: identity") == std::string::npos)
      return error = spec_ + name + ": the server compressed the response; byte ranges need it off", false;
    body.assign(data.begin() + long(headerEnd + 4), data.end());
    size_t cl = lower.find("\r\ncontent-length:");
    if (cl != std::string::npos) {
      uint64_t want = std::strtoull(lower.c_str() + cl + 17, nullptr, 10);
      if (body.size() != want)
        return error = spec_ + name + ": truncated response (" + std::to_string(body.size()) + " of " +
                       std::to_string(want) + " bytes)",
               false;
    }
    return true;
  }

  Url url_;
  std::string spec_;
  uint64_t requests_ = 0, bytes_ = 0;
};

std::unique_ptr<TableSource> openHttpTables(const std::string& spec, std::string& error) {
  Url url;
  if (!parseUrl(spec, url, error)) return nullptr;
  std::string base = spec.back() == '/' ? spec : spec + "/";
  auto source = std::make_unique<HttpSource>(std::move(url), base);
  if (!source->reachable(error)) return nullptr;
  return source;
}

// Registers the loader before main() runs (the cli is an OBJECT library, so
// this file is always linked).
const bool kRegistered = (urlTableOpener() = &openHttpTables, true);

}  // namespace
}  // namespace zertz::cli
